import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BLACKLIST_KINDS, type BlacklistKind } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { useAddBlacklist, useBlacklist, useRemoveBlacklist } from './queries.ts';

/**
 * The account blacklist (spec §2 "whitelist, blacklist, account blacklist"): listed IDs, phone numbers and
 * bank accounts are refused at join and login. The IP whitelist and blacklist are the IP screen's lists.
 */
export function BlacklistPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<BlacklistKind>('account');
  return (
    <BackofficePage
      title={t('adminSite.blacklist.title')}
      testId="admin-site-blacklist"
      filters={
        <Link to="/admin/ip" className="ui-btn ad-btn-sm" data-testid="site-blacklist-ip-link">
          {t('adminSite.blacklist.ipLink')}
        </Link>
      }
    >
      <p className="ad-hint">{t('adminSite.blacklist.hint')}</p>
      <Tabs
        tabs={BLACKLIST_KINDS}
        value={kind}
        onChange={setKind}
        label={(k) => t(`adminSite.blacklist.kinds.${k}`)}
        testId={(k) => `site-blacklist-tab-${k}`}
      />
      <KindList key={kind} kind={kind} />
    </BackofficePage>
  );
}

function KindList({ kind }: { kind: BlacklistKind }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useBlacklist({ kind, skip: skipOf(page) });
  const add = useAddBlacklist();
  const remove = useRemoveBlacklist();
  const [value, setValue] = useState('');
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!value.trim()) return showAlert(t('adminSite.blacklist.required'));
    setBusy(true);
    const answer = await add.mutateAsync({ kind, value: value.trim(), memo: memo.trim() || undefined });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error));
    setValue('');
    setMemo('');
  }

  async function removeEntry(id: number, v: string) {
    if (!(await showConfirm(t('adminSite.blacklist.removeConfirm', { value: v })))) return;
    const answer = await remove.mutateAsync({ id });
    if (!answer.result) await showAlert(errorText(answer.error));
  }

  return (
    <>
      <form className="ad-inline-form" onSubmit={(e) => void submit(e)}>
        <input
          className="ui-input"
          data-testid="site-blacklist-value"
          placeholder={t(`adminSite.blacklist.kinds.${kind}`)}
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
        <input
          className="ui-input"
          data-testid="site-blacklist-memo"
          placeholder={t('adminSite.blacklist.memo')}
          value={memo}
          onChange={(e) => setMemo(e.target.value)}
        />
        <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="site-blacklist-add" disabled={busy}>
          {t('common.add')}
        </button>
      </form>
      <ListFrame
        query={query}
        rows={(d) => d.rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'site-blacklist-row', 'data-value': row.value })}
        emptyText={t('adminSite.blacklist.empty')}
        paging={{ page, onPage: setPage }}
        columns={[
          { id: 'value', header: t(`adminSite.blacklist.kinds.${kind}`), cell: (row) => row.value, className: 'mono strong' },
          { id: 'memo', header: t('adminSite.blacklist.memo'), cell: (row) => row.memo ?? '' },
          { id: 'created', header: t('common.createdAt'), cell: (row) => formatDateTime(row.created_at), className: 'mono' },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (row) => (
              <button
                type="button"
                className="ui-btn ui-btn-danger ad-btn-sm"
                data-testid="site-blacklist-remove"
                onClick={() => void removeEntry(row.id, row.value)}
              >
                {t('common.remove')}
              </button>
            ),
          },
        ]}
      />
    </>
  );
}
