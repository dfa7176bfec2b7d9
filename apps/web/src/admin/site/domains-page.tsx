import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { DateRangeFilter, todayRange, type DateRange } from '../../ui/backoffice/date-range.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { useAddDomain, useDomainHistory, useDomains, useRemoveDomain, useUpdateSettings } from './queries.ts';

const TABS = ['settings', 'guide', 'history'] as const;
type Tab = (typeof TABS)[number];

/** Domain settings, the domain guide and the domain access history (spec §2, §3 "Domain entry", §5 "{host}/"). */
export function DomainsPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('settings');
  return (
    <BackofficePage title={t('adminSite.domains.title')} testId="admin-site-domains">
      <Tabs tabs={TABS} value={tab} onChange={setTab} label={(k) => t(`adminSite.domains.tabs.${k}`)} testId={(k) => `site-domains-tab-${k}`} />
      {tab === 'settings' && <DomainSettings />}
      {tab === 'guide' && <DomainGuide />}
      {tab === 'history' && <DomainHistory />}
    </BackofficePage>
  );
}

function DomainSettings() {
  const { t } = useTranslation();
  const query = useDomains();
  const add = useAddDomain();
  const remove = useRemoveDomain();
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!domain.trim()) return showAlert(t('adminSite.domains.required'));
    setBusy(true);
    const answer = await add.mutateAsync({ domain: domain.trim() });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error));
    setDomain('');
  }

  async function removeDomain(id: number, value: string) {
    if (!(await showConfirm(t('adminSite.domains.removeConfirm', { domain: value })))) return;
    const answer = await remove.mutateAsync({ id });
    if (!answer.result) await showAlert(errorText(answer.error));
  }

  return (
    <>
      <p className="ad-hint">{t('adminSite.domains.hint')}</p>
      <form className="ad-inline-form" onSubmit={(e) => void submit(e)}>
        <input
          className="ui-input"
          data-testid="site-domain-input"
          placeholder={t('adminSite.domains.placeholder')}
          value={domain}
          onChange={(e) => setDomain(e.target.value)}
        />
        <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="site-domain-add" disabled={busy}>
          {t('common.add')}
        </button>
      </form>
      <ListFrame
        query={query}
        rows={(d) => d.rows}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': 'site-domain-row', 'data-domain': row.domain })}
        emptyText={t('adminSite.domains.empty')}
        columns={[
          { id: 'domain', header: t('adminSite.domains.domain'), cell: (row) => row.domain, className: 'mono strong' },
          { id: 'created', header: t('common.createdAt'), cell: (row) => formatDateTime(row.created_at), className: 'mono' },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (row) => (
              <button
                type="button"
                className="ui-btn ui-btn-danger ad-btn-sm"
                data-testid="site-domain-remove"
                onClick={() => void removeDomain(row.id, row.domain)}
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

function DomainGuide() {
  const { t } = useTranslation();
  const query = useDomains();
  const save = useUpdateSettings();
  const [guide, setGuide] = useState('');
  useEffect(() => {
    if (query.data) setGuide(query.data.guide);
  }, [query.data]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const answer = await save.mutateAsync({ settings: { domain_guide: guide } });
    await showAlert(answer.result ? t('adminSite.domains.guideSaved') : errorText(answer.error));
  }

  return (
    <form className="site-card" onSubmit={(e) => void submit(e)}>
      <label className="site-block-label" htmlFor="site-domain-guide">
        {t('adminSite.domains.guide')}
      </label>
      <textarea
        id="site-domain-guide"
        className="ui-input site-textarea"
        data-testid="site-domain-guide"
        maxLength={5000}
        rows={6}
        value={guide}
        onChange={(e) => setGuide(e.target.value)}
      />
      <p className="ad-hint">
        {t('adminSite.domains.guidePreview')}: <span className="mono">{query.data?.rows.map((r) => r.domain).join(', ') || '-'}</span>
      </p>
      <div className="site-form-actions">
        <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="site-domain-guide-save" disabled={save.isPending}>
          {t('adminSite.domains.guideSave')}
        </button>
      </div>
    </form>
  );
}

function DomainHistory() {
  const { t } = useTranslation();
  const [range, setRange] = useState<DateRange>(todayRange);
  const [domain, setDomain] = useState('');
  const [page, setPage] = useState(1);
  const query = useDomainHistory({ ...range, domain: domain || undefined, skip: skipOf(page) });
  return (
    <>
      <div className="site-filters">
        <DateRangeFilter
          {...range}
          onChange={(r) => {
            setRange(r);
            setPage(1);
          }}
        />
        <select
          className="ad-select"
          data-testid="site-history-domain"
          value={domain}
          onChange={(e) => {
            setDomain(e.target.value);
            setPage(1);
          }}
        >
          <option value="">{t('adminSite.domains.allDomains')}</option>
          {query.data?.counts.map((c) => (
            <option key={c.domain} value={c.domain}>
              {c.domain}
            </option>
          ))}
        </select>
      </div>
      <ListFrame
        query={query}
        rows={(d) => d.rows}
        rowKey={(row) => row.session_id}
        rowProps={(row) => ({ 'data-testid': 'site-history-row', 'data-domain': row.domain })}
        emptyText={t('adminSite.domains.historyEmpty')}
        paging={{ page, onPage: setPage }}
        summary={(d) =>
          d.counts.length > 0 && (
            <div className="site-counts" data-testid="site-history-counts">
              {d.counts.map((c) => (
                <span key={c.domain} className="site-count-chip">
                  <span className="mono">{c.domain}</span> <strong>{c.sessions}</strong>
                </span>
              ))}
            </div>
          )
        }
        columns={[
          { id: 'at', header: t('adminSite.domains.at'), cell: (row) => formatDateTime(row.created_at), className: 'mono' },
          { id: 'domain', header: t('adminSite.domains.domain'), cell: (row) => row.domain, className: 'mono strong' },
          {
            id: 'audience',
            header: t('adminSite.domains.audience'),
            cell: (row) => (row.audience === 'agent' ? t('adminSite.domains.audiences.agent') : t('adminSite.domains.audiences.user')),
          },
          { id: 'account', header: t('adminSite.domains.account'), cell: (row) => row.account ?? '' },
          { id: 'ip', header: t('adminSite.domains.ip'), cell: (row) => row.ip, className: 'mono' },
          { id: 'device', header: t('adminSite.domains.device'), cell: (row) => row.device ?? '' },
        ]}
      />
    </>
  );
}
