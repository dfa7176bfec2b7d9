import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../i18n/error-text.ts';
import { formatDateTime } from '../lib/date.ts';
import { showAlert, showConfirm } from '../ui/dialog.tsx';
import { ListFrame } from '../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../ui/backoffice/page.tsx';
import { Tabs } from '../ui/backoffice/tabs.tsx';
import { useAddIp, useIpList, useRemoveIp, type IpKind } from './queries.ts';

const KINDS: IpKind[] = ['admin_allow', 'block'];

/** Admin-allowed and blocked IPs (spec §2, §5: any allowed IP blocks every other admin). */
export function IpPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<IpKind>('admin_allow');
  return (
    <BackofficePage title={t('admin.ip.title')} testId="admin-ip">
      <Tabs tabs={KINDS} value={kind} onChange={setKind} label={(k) => t(`admin.ip.${k}`)} testId={(k) => `admin-ip-tab-${k}`} />
      {kind === 'admin_allow' && <p className="ad-hint">{t('admin.ip.allowHint')}</p>}
      <IpList key={kind} kind={kind} />
    </BackofficePage>
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

  return (
    <>
      <form className="ad-inline-form" onSubmit={add}>
        <input className="ui-input" data-testid="admin-ip-input" placeholder={t('admin.ip.placeholder')} value={ip} onChange={(e) => setIp(e.target.value)} />
        <input className="ui-input" data-testid="admin-ip-memo" placeholder={t('admin.ip.memo')} value={memo} onChange={(e) => setMemo(e.target.value)} />
        <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="admin-ip-add" disabled={busy}>
          {t('common.add')}
        </button>
      </form>
      <ListFrame
        emptyText={t('admin.empty.settings')}
        query={query}
        rows={(d) => d.ips}
        rowKey={(row) => row.id}
        rowProps={() => ({ 'data-testid': 'admin-ip-row' })}
        columns={[
          { id: 'id', header: 'ID', cell: (row) => row.id, className: 'num' },
          { id: 'ip', header: t('admin.ip.ip'), cell: (row) => row.ip, className: 'mono' },
          { id: 'memo', header: t('admin.ip.memo'), cell: (row) => row.memo ?? '' },
          { id: 'created', header: t('common.createdAt'), cell: (row) => formatDateTime(row.created_at), className: 'mono' },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (row) => (
              <button type="button" className="ui-btn ui-btn-danger ad-btn-sm" data-testid="admin-ip-remove" onClick={() => remove(row.id, row.ip)}>
                {t('common.remove')}
              </button>
            ),
          },
        ]}
      />
    </>
  );
}
