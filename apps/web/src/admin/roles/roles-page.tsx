import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ADMIN_AREAS, AREA_LEVELS, type AdminRole, type AreaLevel, type AreaPermissions } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { useAdmin } from '../admin-session.tsx';
import { useAdminAccounts, useAssignRole, useCreateRole, useDeleteRole, useResetAdminTwoFactor, useRoleList, useUpdateRole } from './queries.ts';

type Drafts = Record<number, AreaPermissions>;

/** A built-in role's name in the reader's language; a custom role's name as the super admin wrote it. */
export function useRoleName() {
  const { t, i18n } = useTranslation();
  return (r: Pick<AdminRole, 'code' | 'name'>) =>
    i18n.exists(`adminRoles.roles.builtinNames.${r.code}`) ? t(`adminRoles.roles.builtinNames.${r.code as 'super'}`) : r.name;
}

/** /admin/roles: the permission matrix (area × role) and each admin's role; the super admin's screen. */
export function RolesPage() {
  const { t } = useTranslation();
  const roles = useRoleList();
  return (
    <BackofficePage title={t('adminRoles.roles.title')} testId="admin-roles">
      <p className="ad-hint">{t('adminRoles.roles.hint')}</p>
      <QueryState query={roles}>{(d) => <Matrix roles={d.roles} />}</QueryState>
      <NewRoleForm />
      <AdminAccounts />
    </BackofficePage>
  );
}

function Matrix({ roles }: { roles: AdminRole[] }) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const [drafts, setDrafts] = useState<Drafts>({});
  const [busy, setBusy] = useState<number | null>(null);
  const update = useUpdateRole();
  const remove = useDeleteRole();
  const levelOf = (r: AdminRole, area: (typeof ADMIN_AREAS)[number]): AreaLevel => (drafts[r.id] ?? r.permissions)[area] ?? 'none';

  function change(r: AdminRole, area: (typeof ADMIN_AREAS)[number], level: AreaLevel) {
    setDrafts((d) => ({ ...d, [r.id]: { ...(d[r.id] ?? r.permissions), [area]: level } }));
  }

  async function save(r: AdminRole) {
    const permissions = drafts[r.id];
    if (!permissions || busy !== null) return;
    setBusy(r.id);
    const answer = await update.mutateAsync({ role_id: r.id, permissions });
    setBusy(null);
    if (!answer.result) return showAlert(errorText(answer.error));
    setDrafts(({ [r.id]: _, ...rest }) => rest);
    await showAlert(t('adminRoles.roles.saved'));
  }

  async function drop(r: AdminRole) {
    if (!(await showConfirm(t('adminRoles.roles.removeConfirm', { name: roleName(r) })))) return;
    const answer = await remove.mutateAsync({ role_id: r.id });
    if (!answer.result) return showAlert(errorText(answer.error));
  }

  return (
    <div className="ad-table-wrap">
      <h2 className="ad-subtitle">{t('adminRoles.roles.matrix')}</h2>
      <table className="ad-table ad-roles-matrix" data-testid="admin-roles-matrix">
        <thead>
          <tr>
            <th>{t('adminRoles.roles.area')}</th>
            {roles.map((r) => (
              <th key={r.id} data-testid={`admin-role-col-${r.code}`}>
                <div>{roleName(r)}</div>
                <small className="ad-muted">{t('adminRoles.roles.holders', { count: r.admin_count })}</small>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {ADMIN_AREAS.map((area) => (
            <tr key={area} data-testid={`admin-role-area-${area}`}>
              <th scope="row">{t(`adminRoles.roles.areas.${area}`)}</th>
              {roles.map((r) => (
                <td key={r.id}>
                  {r.is_super ? (
                    <span className="ad-muted">{t('adminRoles.roles.levels.write')}</span>
                  ) : (
                    <select
                      className={`ui-input ad-role-level is-${levelOf(r, area)}`}
                      aria-label={`${roleName(r)} · ${t(`adminRoles.roles.areas.${area}`)}`}
                      data-testid={`admin-role-level-${r.code}-${area}`}
                      value={levelOf(r, area)}
                      onChange={(e) => change(r, area, e.target.value as AreaLevel)}
                    >
                      {AREA_LEVELS.map((l) => (
                        <option key={l} value={l}>
                          {t(`adminRoles.roles.levels.${l}`)}
                        </option>
                      ))}
                    </select>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th />
            {roles.map((r) => (
              <td key={r.id}>
                {r.is_super ? (
                  <span className="ad-muted">{t('adminRoles.roles.superAll')}</span>
                ) : (
                  <span className="ad-role-actions">
                    <button
                      type="button"
                      className="ui-btn ui-btn-primary ad-btn-sm"
                      data-testid={`admin-role-save-${r.code}`}
                      disabled={!drafts[r.id] || busy !== null}
                      onClick={() => save(r)}
                    >
                      {t('adminRoles.roles.save')}
                    </button>
                    {!r.is_builtin && (
                      <button type="button" className="ui-btn ui-btn-danger ad-btn-sm" data-testid={`admin-role-delete-${r.code}`} onClick={() => drop(r)}>
                        {t('adminRoles.roles.remove')}
                      </button>
                    )}
                  </span>
                )}
              </td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

function NewRoleForm() {
  const { t } = useTranslation();
  const create = useCreateRole();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!name.trim()) return showAlert(t('adminRoles.roles.nameRequired'));
    setBusy(true);
    const answer = await create.mutateAsync({ name: name.trim(), permissions: { dashboard: 'read' } });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error));
    setName('');
    await showAlert(t('adminRoles.roles.created'));
  }

  return (
    <form className="ad-inline-form" onSubmit={submit}>
      <strong>{t('adminRoles.roles.newRole')}</strong>
      <input
        className="ui-input"
        data-testid="admin-role-new-name"
        placeholder={t('adminRoles.roles.newRoleName')}
        maxLength={40}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="admin-role-create" disabled={busy}>
        {t('adminRoles.roles.create')}
      </button>
    </form>
  );
}

function AdminAccounts() {
  const { t } = useTranslation();
  const me = useAdmin();
  const roleName = useRoleName();
  const admins = useAdminAccounts();
  const roles = useRoleList();
  const assign = useAssignRole();
  const resetTwoFactor = useResetAdminTwoFactor();
  const roleOf = (id: number, fallback: string) => {
    const r = roles.data?.roles.find((x) => x.id === id);
    return r ? roleName(r) : fallback;
  };

  async function change(adminId: number, roleId: number) {
    const answer = await assign.mutateAsync({ admin_id: adminId, role_id: roleId });
    await showAlert(answer.result ? t('adminRoles.roles.assigned') : errorText(answer.error));
  }

  // Decision 050: the super admin (the only one this screen's roles area admits) clears a lost second factor.
  async function reset(adminId: number, account: string) {
    if (!(await showConfirm(t('twoFactor.resetConfirm', { account })))) return;
    const answer = await resetTwoFactor.mutateAsync({ admin_id: adminId });
    await showAlert(answer.result ? t('twoFactor.resetDone') : errorText(answer.error));
  }

  return (
    <>
      <h2 className="ad-subtitle">{t('adminRoles.roles.admins')}</h2>
      <ListFrame
        emptyText={t('admin.empty.admins')}
        query={admins}
        rows={(d) => d.rows}
        rowKey={(a) => a.id}
        rowProps={(a) => ({ 'data-testid': 'admin-account-row', 'data-account': a.account })}
        columns={[
          { id: 'id', header: 'ID', cell: (a) => a.id, className: 'num' },
          { id: 'account', header: t('adminRoles.roles.account'), cell: (a) => a.account, className: 'mono' },
          { id: 'nickname', header: t('adminRoles.roles.nickname'), cell: (a) => a.nickname },
          { id: 'active', header: t('adminRoles.roles.active'), cell: (a) => (a.is_active ? t('adminRoles.roles.activeYes') : t('adminRoles.roles.activeNo')) },
          {
            id: 'role',
            header: t('adminRoles.roles.role'),
            cell: (a) =>
              a.id === me?.id ? (
                <span>
                  {roleOf(a.role_id, a.role_name)} <span className="ad-muted">{t('adminRoles.roles.you')}</span>
                </span>
              ) : (
                <select
                  className="ui-input"
                  data-testid="admin-account-role"
                  aria-label={t('adminRoles.roles.role')}
                  value={a.role_id}
                  onChange={(e) => void change(a.id, Number(e.target.value))}
                >
                  {(roles.data?.roles ?? []).map((r) => (
                    <option key={r.id} value={r.id}>
                      {roleName(r)}
                    </option>
                  ))}
                </select>
              ),
          },
          {
            id: 'twoFactor',
            header: t('twoFactor.column'),
            cell: (a) => (
              <span>
                {a.two_factor ? t('twoFactor.on') : t('twoFactor.off')}{' '}
                {a.two_factor && a.id !== me?.id && (
                  <button
                    type="button"
                    className="ui-btn ui-btn-danger ad-btn-sm"
                    data-testid="admin-account-2fa-reset"
                    onClick={() => void reset(a.id, a.account)}
                  >
                    {t('twoFactor.reset')}
                  </button>
                )}
              </span>
            ),
          },
        ]}
      />
    </>
  );
}
