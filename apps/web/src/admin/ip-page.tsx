import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../api/client.ts';
import { errorText } from '../i18n/error-text.ts';
import { formatDateTime } from '../lib/date.ts';
import { showAlert, showConfirm } from '../ui/dialog.tsx';
import { EmptyRow, Loading } from '../ui/states.tsx';
import { useAddIp, useIpList, useRemoveIp, type IpKind } from './queries.ts';

const KINDS: IpKind[] = ['admin_allow', 'block'];

/** Admin-allowed and blocked IPs (spec §2, §5: any allowed IP blocks every other admin). */
export function IpPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<IpKind>('admin_allow');
  return (
    <section className="ad-page" data-testid="admin-ip">
      <h1 className="ad-title">{t('admin.ip.title')}</h1>
      <div className="ad-tabs" role="tablist">
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className={k === kind ? 'ad-tab is-active' : 'ad-tab'}
            data-testid={`admin-ip-tab-${k}`}
            onClick={() => setKind(k)}
          >
            {t(`admin.ip.${k}`)}
          </button>
        ))}
      </div>
      {kind === 'admin_allow' && <p className="ad-hint">{t('admin.ip.allowHint')}</p>}
      <IpList key={kind} kind={kind} />
    </section>
  );
}

function IpList({ kind }: { kind: IpKind }) {
  const { t } = useTranslation();
  const addIp = useAddIp(kind);
  const removeIp = useRemoveIp(kind);
  const [ip, setIp] = useState('');
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);
  const query = useIpList(kind);

  async function add(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!ip.trim()) return showAlert(t('admin.ip.required'));
    setBusy(true);
    const answer = await addIp.mutateAsync({ kind, ip: ip.trim(), memo: memo.trim() || undefined });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error));
    setIp('');
    setMemo('');
  }

  async function remove(id: number, value: string) {
    if (!(await showConfirm(t('admin.ip.removeConfirm', { ip: value })))) return;
    const answer = await removeIp.mutateAsync({ id });
    if (!answer.result) return showAlert(errorText(answer.error));
  }

  const ips = query.data?.ips ?? [];
  return (
    <>
      <form className="ad-inline-form" onSubmit={add}>
        <input className="ui-input" data-testid="admin-ip-input" placeholder={t('admin.ip.placeholder')} value={ip} onChange={(e) => setIp(e.target.value)} />
        <input className="ui-input" data-testid="admin-ip-memo" placeholder={t('admin.ip.memo')} value={memo} onChange={(e) => setMemo(e.target.value)} />
        <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="admin-ip-add" disabled={busy}>
          {t('common.add')}
        </button>
      </form>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <p className="ad-error">{errorText(query.error instanceof ApiFailure ? query.error : { code: 'internal', message: '' })}</p>
      ) : (
        <div className="ad-table-wrap">
          <table className="ad-table">
            <thead>
              <tr>
                <th>ID</th>
                <th>{t('admin.ip.ip')}</th>
                <th>{t('admin.ip.memo')}</th>
                <th>{t('common.createdAt')}</th>
                <th>{t('common.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {ips.length === 0 && <EmptyRow colSpan={5} />}
              {ips.map((row) => (
                <tr key={row.id} data-testid="admin-ip-row">
                  <td className="num">{row.id}</td>
                  <td className="mono">{row.ip}</td>
                  <td>{row.memo ?? ''}</td>
                  <td className="mono">{formatDateTime(row.created_at)}</td>
                  <td>
                    <button type="button" className="ui-btn ui-btn-danger ad-btn-sm" data-testid="admin-ip-remove" onClick={() => remove(row.id, row.ip)}>
                      {t('common.remove')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
