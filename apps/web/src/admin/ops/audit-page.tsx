import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { AuditEntry } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { DateRangeFilter } from '../../ui/backoffice/date-range.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { actionWords, changesOf, targetWords } from './audit-words.ts';
import { useAuditSearch, useVerifyAudit, useVerifyLedger } from './queries.ts';
import './audit.css';

/** Action kinds the filter offers: the object part of the action (`member.` …). */
const ACTION_PREFIXES = [
  'member',
  'account',
  'agent',
  'admin_role',
  'settings',
  'ip_rule',
  'board',
  'popup',
  'template',
  'inquiry',
  'message',
  'sports',
  'casino',
  'game_settings',
  'losing',
  'session',
  'admin',
];
const FILTER_KEYS = ['actor', 'target', 'action', 'from', 'to'] as const;

type Check = { ok: boolean; text: string; problems: string[] };

/**
 * Audit log (every admin action, hash-chained) read by a person: who did what to whom in words,
 * filters by actor, target, action and period kept in the address bar, a detail with the before
 * and after side by side; ledger and chain verification on demand.
 */
export function AuditPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<(typeof FILTER_KEYS)[number], string>;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState({ actor: filter.actor, target: filter.target });
  const [open, setOpen] = useState<AuditEntry | null>(null);
  const setFilter = (patch: Record<string, string>) =>
    setParams(
      (cur) => {
        const next = new URLSearchParams(cur);
        for (const [k, v] of Object.entries(patch)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );
  const setPage = (p: number) => setFilter({ page: p > 1 ? String(p) : '' });
  const [ledger, setLedger] = useState<Check | null>(null);
  const [chain, setChain] = useState<Check | null>(null);
  const [busy, setBusy] = useState<'ledger' | 'audit' | null>(null);
  const query = useAuditSearch({
    actor: filter.actor || undefined,
    target: filter.target || undefined,
    action: filter.action || undefined,
    from: filter.from || undefined,
    to: filter.to || undefined,
    skip: skipOf(page),
  });
  const words = { has: (k: string) => i18n.exists(k), t: (k: string) => t(k as never) as string };
  const ledgerCheck = useVerifyLedger();
  const auditCheck = useVerifyAudit();

  async function verifyLedger() {
    setBusy('ledger');
    const answer = await ledgerCheck.mutateAsync(undefined);
    setBusy(null);
    if (!answer.result) return setLedger({ ok: false, text: errorText(answer.error), problems: [] });
    const d = answer.data;
    setLedger({ ok: d.ok, text: d.ok ? t('adminOps.audit.ledgerOk') : t('adminOps.audit.problems', { count: d.problems.length }), problems: d.problems });
  }

  async function verifyAudit() {
    setBusy('audit');
    const answer = await auditCheck.mutateAsync(undefined);
    setBusy(null);
    if (!answer.result) return setChain({ ok: false, text: errorText(answer.error), problems: [] });
    const d = answer.data;
    setChain({
      ok: d.ok,
      text: d.ok ? t('adminOps.audit.auditOk', { rows: d.rows }) : t('adminOps.audit.problems', { count: d.problems.length }),
      problems: d.problems,
    });
  }

  const actorName = (type: string) => (i18n.exists(`adminOps.audit.actors.${type}`) ? t(`adminOps.audit.actors.${type as 'admin'}`) : type);
  const who = (a: AuditEntry) => `${actorName(a.actor_type)} ${a.actor_name ?? (a.actor_id !== null ? `#${a.actor_id}` : '')}`.trim();

  function search(e: FormEvent) {
    e.preventDefault();
    setFilter({ actor: draft.actor.trim(), target: draft.target.trim(), page: '' });
  }

  return (
    <BackofficePage
      title={t('adminOps.audit.title')}
      testId="admin-audit"
      filters={
        <Filters>
          <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-verify-ledger" disabled={busy !== null} onClick={verifyLedger}>
            {busy === 'ledger' ? t('adminOps.common.processing') : t('adminOps.audit.verifyLedger')}
          </button>
          <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-verify-audit" disabled={busy !== null} onClick={verifyAudit}>
            {busy === 'audit' ? t('adminOps.common.processing') : t('adminOps.audit.verifyAudit')}
          </button>
          <button type="button" className="ui-btn ad-btn-sm" onClick={() => void query.refetch()}>
            {t('common.refresh')}
          </button>
        </Filters>
      }
    >
      <div className="ad-audit-filters">
        <Filters onSubmit={search}>
          <input
            className="ui-input"
            data-testid="admin-audit-actor"
            placeholder={t('adminRoles.audit.ui.actor')}
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          />
          <input
            className="ui-input"
            data-testid="admin-audit-target"
            placeholder={t('adminRoles.audit.ui.target')}
            value={draft.target}
            onChange={(e) => setDraft({ ...draft, target: e.target.value })}
          />
          <select
            className="ui-input"
            data-testid="admin-audit-action"
            aria-label={t('adminRoles.audit.ui.action')}
            value={filter.action}
            onChange={(e) => setFilter({ action: e.target.value, page: '' })}
          >
            <option value="">{t('adminRoles.audit.ui.allActions')}</option>
            {ACTION_PREFIXES.map((p) => (
              <option key={p} value={`${p}.`}>
                {t(`adminRoles.audit.objects.${p as 'member'}`)}
              </option>
            ))}
          </select>
          <DateRangeFilter from={filter.from} to={filter.to} onChange={(r) => setFilter({ from: r.from, to: r.to, page: '' })} />
          <button type="submit" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="admin-audit-search">
            {t('adminRoles.audit.ui.search')}
          </button>
          <button
            type="button"
            className="ui-btn ad-btn-sm"
            onClick={() => {
              setDraft({ actor: '', target: '' });
              setParams(new URLSearchParams(), { replace: true });
            }}
          >
            {t('adminRoles.audit.ui.reset')}
          </button>
        </Filters>
      </div>
      {ledger && <CheckResult check={ledger} testId="admin-verify-ledger-result" />}
      {chain && <CheckResult check={chain} testId="admin-verify-audit-result" />}
      <ListFrame
        query={query}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.rows}
        rowKey={(a) => a.id}
        rowProps={() => ({ 'data-testid': 'admin-audit-row' })}
        emptyText={t('adminRoles.audit.ui.empty')}
        columns={[
          { id: 'id', header: 'ID', cell: (a) => a.id, className: 'num' },
          { id: 'time', header: t('adminOps.audit.cols.time'), cell: (a) => formatDateTime(a.created_at), className: 'mono' },
          { id: 'who', header: t('adminRoles.audit.ui.who'), cell: (a) => who(a) },
          {
            id: 'what',
            header: t('adminRoles.audit.ui.what'),
            cell: (a) => (
              <span title={a.action}>
                <strong>{actionWords(a.action, words)}</strong>
              </span>
            ),
          },
          { id: 'whom', header: t('adminRoles.audit.ui.whom'), cell: (a) => targetWords(a.target, a.target_name, words) },
          { id: 'ip', header: t('adminOps.audit.cols.ip'), cell: (a) => a.ip ?? '-', className: 'mono' },
          {
            id: 'detail',
            header: t('adminRoles.audit.ui.detail'),
            cell: (a) => (
              <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-audit-detail" onClick={() => setOpen(a)}>
                {t('adminRoles.audit.ui.detail')}
              </button>
            ),
          },
        ]}
      />
      {open && (
        <AuditDetail
          entry={open}
          who={who(open)}
          what={actionWords(open.action, words)}
          whom={targetWords(open.target, open.target_name, words)}
          onClose={() => setOpen(null)}
        />
      )}
    </BackofficePage>
  );
}

/** One record: who, what, to whom, then every field's value before and after, the changed ones marked. */
function AuditDetail({ entry, who, what, whom, onClose }: { entry: AuditEntry; who: string; what: string; whom: string; onClose: () => void }) {
  const { t } = useTranslation();
  const changes = changesOf(entry.before, entry.after, t('adminRoles.audit.ui.none'));
  return (
    <section className="ad-audit-detail" data-testid="admin-audit-detail-panel">
      <header>
        <h2 className="ad-subtitle">{t('adminRoles.audit.ui.detailTitle', { id: entry.id })}</h2>
        <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-audit-detail-close" onClick={onClose}>
          {t('adminRoles.audit.ui.close')}
        </button>
      </header>
      <p className="ad-audit-sentence" data-testid="admin-audit-sentence">
        <span className="ad-muted">{formatDateTime(entry.created_at)}</span> · {who} · <strong>{what}</strong> · {whom}
        <span className="ad-muted mono">
          {' '}
          ({entry.action}
          {entry.ip ? `, ${entry.ip}` : ''})
        </span>
      </p>
      {changes.length === 0 ? (
        <p className="ad-muted">{t('adminRoles.audit.ui.noValues')}</p>
      ) : (
        <table className="ad-table ad-audit-changes">
          <thead>
            <tr>
              <th>{t('adminRoles.audit.ui.field')}</th>
              <th>{t('adminRoles.audit.ui.before')}</th>
              <th>{t('adminRoles.audit.ui.after')}</th>
            </tr>
          </thead>
          <tbody>
            {changes.map((c) => (
              <tr key={c.key} className={c.changed ? 'is-changed' : undefined} data-testid="admin-audit-change" data-key={c.key} data-changed={c.changed}>
                <th scope="row" className="mono">
                  {c.key}
                  {c.changed && <small className="ad-audit-changed"> {t('adminRoles.audit.ui.changed')}</small>}
                </th>
                <td className="mono">{c.before}</td>
                <td className="mono">{c.after}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function CheckResult({ check, testId }: { check: Check; testId: string }) {
  return (
    <div className={check.ok ? 'ad-check-result is-ok' : 'ad-check-result is-bad'} data-testid={testId} data-ok={check.ok}>
      <strong>
        {check.ok ? '✓' : '✕'} {check.text}
      </strong>
      {check.problems.length > 0 && (
        <ul>
          {check.problems.map((p, i) => (
            <li key={i} className="mono">
              {p}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
