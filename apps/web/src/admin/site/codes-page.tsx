import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { RECOMMEND_CODE_STATUSES, type RecommendCode, type RecommendCodeStatus } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { PER_PAGE } from '../../ui/backoffice/paging.ts';
import { useCodes, useDeleteCode, useIssueCodes, useUpdateSettings } from './queries.ts';
import { RECOMMEND_VALIDITY_MINUTES, validityKey } from './validity.ts';

type Tab = 'all' | RecommendCodeStatus;
const TABS: Tab[] = ['all', ...RECOMMEND_CODE_STATUSES];

/** Recommendation-code issuing (spec §2, §3 entity, §4 join status, §9 validity options). */
export function CodesPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('all');
  const [page, setPage] = useState(1);
  const query = useCodes({ status: tab === 'all' ? undefined : tab, skip: (page - 1) * PER_PAGE });
  const remove = useDeleteCode();

  async function deleteCode(row: RecommendCode) {
    if (!(await showConfirm(t('adminSite.codes.deleteConfirm', { code: row.code })))) return;
    const answer = await remove.mutateAsync({ id: row.id });
    await showAlert(answer.result ? t('adminSite.codes.deleted') : errorText(answer.error));
  }

  return (
    <BackofficePage title={t('adminSite.codes.title')} testId="admin-site-codes">
      <IssueForm defaultValidity={query.data?.validity_minutes} />
      <Tabs
        tabs={TABS}
        value={tab}
        onChange={(k) => {
          setTab(k);
          setPage(1);
        }}
        label={(k) => (k === 'all' ? t('adminSite.codes.all') : t(`adminSite.codes.status.${k}`))}
        testId={(k) => `site-codes-tab-${k}`}
      />
      <ListFrame
        query={query}
        rows={(d) => d.rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'site-code-row', 'data-code': row.code, 'data-status': row.status })}
        emptyText={t('adminSite.codes.empty')}
        paging={{ page, onPage: setPage }}
        columns={[
          { id: 'code', header: t('adminSite.codes.code'), cell: (row) => row.code, className: 'mono strong' },
          { id: 'agent', header: t('adminSite.codes.agent'), cell: (row) => row.agent_account },
          { id: 'validity', header: t('adminSite.codes.validity'), cell: (row) => t(`adminSite.validity.${validityKey(row.valid_minutes)}`) },
          { id: 'start', header: t('adminSite.codes.start'), cell: (row) => formatDateTime(row.starts_at), className: 'mono' },
          { id: 'expiry', header: t('adminSite.codes.expiry'), cell: (row) => formatDateTime(row.expires_at), className: 'mono' },
          { id: 'issued', header: t('adminSite.codes.issuedAt'), cell: (row) => formatDateTime(row.issued_at), className: 'mono' },
          { id: 'by', header: t('adminSite.codes.issuedBy'), cell: (row) => row.issued_by ?? '' },
          { id: 'joined', header: t('adminSite.codes.joined'), cell: (row) => row.used_by_account ?? '' },
          {
            id: 'status',
            header: t('adminSite.codes.joinStatus'),
            cell: (row) => <span className={`site-status site-status-${row.status}`}>{t(`adminSite.codes.status.${row.status}`)}</span>,
          },
          { id: 'memo', header: t('adminSite.codes.memo'), cell: (row) => row.memo ?? '' },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (row) =>
              row.status === 'used' ? null : (
                <button type="button" className="ui-btn ui-btn-danger ad-btn-sm" data-testid="site-code-delete" onClick={() => void deleteCode(row)}>
                  {t('common.remove')}
                </button>
              ),
          },
        ]}
      />
    </BackofficePage>
  );
}

function IssueForm({ defaultValidity }: { defaultValidity: number | undefined }) {
  const { t } = useTranslation();
  const issue = useIssueCodes();
  const saveSettings = useUpdateSettings();
  const [agent, setAgent] = useState('');
  const [count, setCount] = useState(1);
  const [validity, setValidity] = useState<number | null>(null);
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);
  const chosen = validity ?? defaultValidity ?? 1_440;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!agent.trim()) return showAlert(t('adminSite.codes.agentRequired'));
    setBusy(true);
    const answer = await issue.mutateAsync({ agent_account: agent.trim(), count, valid_minutes: chosen, memo: memo.trim() || undefined });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error));
    setMemo('');
    await showAlert(t('adminSite.codes.issued', { codes: answer.data.rows.map((r) => r.code).join(', ') }));
  }

  async function saveDefault() {
    const answer = await saveSettings.mutateAsync({ settings: { recommend_code_validity_minutes: chosen } });
    await showAlert(answer.result ? t('adminSite.codes.defaultSaved') : errorText(answer.error));
  }

  return (
    <form className="site-form" onSubmit={(e) => void submit(e)} data-testid="site-code-form">
      <label>
        <span>{t('adminSite.codes.agent')}</span>
        <input
          className="ui-input"
          data-testid="site-code-agent"
          placeholder={t('adminSite.codes.agentPlaceholder')}
          value={agent}
          onChange={(e) => setAgent(e.target.value)}
        />
      </label>
      <label>
        <span>{t('adminSite.codes.count')}</span>
        <input
          className="ui-input site-narrow"
          type="number"
          min={1}
          max={100}
          data-testid="site-code-count"
          value={count}
          onChange={(e) => setCount(Math.min(100, Math.max(1, Number(e.target.value) || 1)))}
        />
      </label>
      <label>
        <span>{t('adminSite.codes.validity')}</span>
        <select className="ad-select" data-testid="site-code-validity" value={chosen} onChange={(e) => setValidity(Number(e.target.value))}>
          {RECOMMEND_VALIDITY_MINUTES.map((m) => (
            <option key={m} value={m}>
              {t(`adminSite.validity.${validityKey(m)}`)}
              {m === defaultValidity ? ` (${t('adminSite.codes.defaultValidity')})` : ''}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>{t('adminSite.codes.memo')}</span>
        <input className="ui-input" data-testid="site-code-memo" value={memo} onChange={(e) => setMemo(e.target.value)} />
      </label>
      <div className="site-form-actions">
        <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="site-code-issue" disabled={busy}>
          {t('adminSite.codes.issue')}
        </button>
        <button
          type="button"
          className="ui-btn ad-btn-sm"
          data-testid="site-code-save-default"
          disabled={chosen === defaultValidity}
          onClick={() => void saveDefault()}
        >
          {t('adminSite.codes.saveDefault')}
        </button>
      </div>
    </form>
  );
}
