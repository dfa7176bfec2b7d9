import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import type { CallAnswer } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { showConfirm } from '../../ui/dialog.tsx';
import { DataTable } from '../../ui/backoffice/data-table.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { Badge } from '../ops/shared.tsx';
import { labelOf } from './labels.ts';
import { useCancelFixture, useEnterResult, useFixture, useRecalculate, useSetFixtureState } from './queries.ts';
import { newRequestId, SCORE_KINDS, toResultForm, toResultInput, type ResultForm } from './result-form.ts';

type Detail = CallData<'/api/admin/sports/fixture'>;
type Message = { ok: boolean; text: string };
const RESULT_TONE: Record<string, string> = { won: 'ok', half_won: 'ok', lost: 'danger', half_lost: 'warn', void: 'muted' };

/** One fixture: state, result entry (enter / re-enter / modify / recalculate / cancel all), markets with exposure, recall preview, jobs and history. */
export function FixturePanel({ fixtureId }: { fixtureId: number }) {
  const query = useFixture(fixtureId);
  return <QueryState query={query}>{(d) => <Panel d={d} />}</QueryState>;
}

function Panel({ d }: { d: Detail }) {
  const { t, i18n } = useTranslation();
  const f = d.fixture;
  const setState = useSetFixtureState();
  const [message, setMessage] = useState<Message | null>(null);
  const lang = i18n.language;

  async function state(body: { on_sale?: boolean; managed?: 'auto' | 'manual' }) {
    const a = await setState.mutateAsync({ fixture_id: f.id, ...body });
    setMessage(a.result ? null : { ok: false, text: errorText(a.error) });
  }

  return (
    <div className="ad-panel sa-panel" data-testid="sa-fixture-panel" data-fixture={f.id}>
      <h2 className="ad-subhead">
        #{f.id} {f.home} vs {f.away}
      </h2>
      <p className="ad-muted">
        {labelOf(t, i18n, 'sport', f.sport)} · {f.league} · {formatDateTime(f.starts_at)}
      </p>
      <div className="sa-state-row">
        <Badge tone={f.status === 'result' ? 'ok' : f.status === 'cancelled' ? 'danger' : 'info'} testId="sa-fixture-status">
          {labelOf(t, i18n, 'status', f.status)}
        </Badge>
        <Badge tone={f.on_sale ? 'ok' : 'danger'}>{f.on_sale ? t('adminSports.results.onSale') : t('adminSports.results.stopped')}</Badge>
        <Badge tone="muted">{f.managed === 'manual' ? t('adminSports.results.manual') : t('adminSports.results.auto')}</Badge>
        {f.result && (
          <span className="ad-muted" data-testid="sa-fixture-score">
            {f.result.home} : {f.result.away} · {t('adminSports.results.source', { source: f.result_source ?? '-', version: f.result_version })}
          </span>
        )}
        <span className="sa-grow" />
        <button type="button" className="ui-btn ad-btn-xs" disabled={setState.isPending} onClick={() => void state({ on_sale: !f.on_sale })}>
          {f.on_sale ? t('adminSports.results.stopSale') : t('adminSports.results.resumeSale')}
        </button>
        <button
          type="button"
          className="ui-btn ad-btn-xs"
          disabled={setState.isPending}
          onClick={() => void state({ managed: f.managed === 'manual' ? 'auto' : 'manual' })}
        >
          {f.managed === 'manual' ? t('adminSports.results.toAuto') : t('adminSports.results.toManual')}
        </button>
      </div>
      {message && <p className={message.ok ? 'ad-ok' : 'ad-error'}>{message.text}</p>}
      <EntryForm d={d} />
      <h3 className="sa-h3">{t('adminSports.results.markets.title')}</h3>
      <div className="ad-table-wrap">
        <DataTable
          className="ad-ops-dense"
          testId="sa-markets"
          rows={d.markets.flatMap((m) => m.outcomes.map((o, i) => ({ m, o, first: i === 0 })))}
          rowKey={(r) => r.o.id}
          rowProps={(r) => ({ className: r.first ? 'sa-market-first' : undefined })}
          columns={[
            {
              id: 'market',
              header: t('adminSports.results.markets.market'),
              cell: ({ m, first }) =>
                first && (
                  <>
                    {labelOf(t, i18n, 'marketKind', m.kind)}
                    <span className="ad-muted">
                      {' '}
                      {m.period !== 'ft' ? m.period : ''} {m.line ?? ''}
                    </span>
                  </>
                ),
            },
            { id: 'outcome', header: t('adminSports.results.markets.outcome'), cell: ({ o }) => labelOf(t, i18n, 'outcome', o.code) },
            { id: 'odds', header: t('adminSports.results.markets.odds'), headClassName: 'num', className: 'num', cell: ({ o }) => o.odds },
            {
              id: 'result',
              header: t('adminSports.results.markets.result'),
              cell: ({ o }) =>
                o.result ? (
                  <Badge tone={RESULT_TONE[o.result] ?? 'muted'}>
                    {labelOf(t, i18n, 'outcomeResult', o.result)}
                    {o.dead_heat ? ` ×${o.dead_heat}` : ''}
                  </Badge>
                ) : (
                  '-'
                ),
            },
            { id: 'bets', header: t('adminSports.results.cols.bets'), headClassName: 'num', className: 'num', cell: ({ o }) => o.bets },
            {
              id: 'stakes',
              header: t('adminSports.results.cols.stakes'),
              headClassName: 'num',
              className: 'num',
              cell: ({ o }) => formatMoney(o.stakes, lang),
            },
          ]}
        />
      </div>
      {d.recall.length > 0 && (
        <>
          <h3 className="sa-h3">{t('adminSports.results.recall.title')}</h3>
          <div className="ad-table-wrap">
            <DataTable
              className="ad-ops-dense"
              testId="sa-recall"
              rows={d.recall}
              rowKey={(r) => r.user_id}
              columns={[
                { id: 'member', header: t('adminSports.results.recall.member'), cell: (r) => r.account },
                { id: 'bets', header: t('adminSports.results.cols.bets'), headClassName: 'num', className: 'num', cell: (r) => r.bets },
                { id: 'owed', header: t('adminSports.results.recall.owed'), headClassName: 'num', className: 'num', cell: (r) => formatMoney(r.owed, lang) },
                { id: 'held', header: t('adminSports.results.recall.held'), headClassName: 'num', className: 'num', cell: (r) => formatMoney(r.held, lang) },
                {
                  id: 'missing',
                  header: t('adminSports.results.recall.missing'),
                  headClassName: 'num',
                  className: (r) => (r.missing === '0' ? 'num' : 'num sa-bad'),
                  cell: (r) => formatMoney(r.missing, lang),
                },
              ]}
            />
          </div>
        </>
      )}
      <h3 className="sa-h3">{t('adminSports.results.queue.title')}</h3>
      <div className="ad-table-wrap">
        <DataTable
          className="ad-ops-dense"
          testId="sa-queue"
          rows={d.queue}
          rowKey={(q) => q.id}
          rowProps={(q) => ({ 'data-testid': 'sa-queue-row', 'data-done': q.done_at !== null })}
          columns={[
            { id: 'id', header: 'ID', cell: (q) => q.id, className: 'num' },
            {
              id: 'action',
              header: t('adminSports.results.queue.action'),
              cell: (q) => (
                <>
                  {labelOf(t, i18n, 'results.actions', q.action)}
                  {q.error && <div className="ad-error">{errorText({ code: q.error.code, message: q.error.message })}</div>}
                </>
              ),
            },
            {
              id: 'requested',
              header: t('adminSports.results.queue.requested'),
              className: 'mono',
              cell: (q) => (
                <>
                  {formatDateTime(q.requested_at)} <span className="ad-muted">{q.requested_by}</span>
                </>
              ),
            },
            {
              id: 'done',
              header: t('adminSports.results.queue.done'),
              className: 'mono',
              cell: (q) => (q.done_at ? formatDateTime(q.done_at) : <Badge tone="warn">{t('adminSports.results.queue.running')}</Badge>),
            },
            { id: 'settled', header: t('adminSports.results.queue.settled'), headClassName: 'num', className: 'num', cell: (q) => q.settled },
            { id: 'reopened', header: t('adminSports.results.queue.reopened'), headClassName: 'num', className: 'num', cell: (q) => q.reopened },
            {
              id: 'writtenOff',
              header: t('adminSports.results.queue.writtenOff'),
              headClassName: 'num',
              className: 'num',
              cell: (q) => formatMoney(q.written_off, lang),
            },
          ]}
        />
      </div>
      {d.entries.length > 0 && (
        <>
          <h3 className="sa-h3">{t('adminSports.results.history.title')}</h3>
          <ul className="sa-history">
            {d.entries.map((e) => (
              <li key={e.id}>
                <span className="mono">{formatDateTime(e.created_at)}</span> <strong>{labelOf(t, i18n, 'results.actions', e.action)}</strong>{' '}
                <span className="mono">{e.result ? JSON.stringify(e.result) : ''}</span> <span className="ad-muted">{e.actor}</span>
                {e.memo && <span className="ad-muted"> · {e.memo}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function EntryForm({ d }: { d: Detail }) {
  const { t } = useTranslation();
  const f = d.fixture;
  const specialKinds = [...new Set(d.markets.map((m) => m.kind).filter((k) => !SCORE_KINDS.has(k)))];
  const [form, setForm] = useState<ResultForm>(() => toResultForm(f.result, specialKinds));
  const [force, setForce] = useState(false);
  const [memo, setMemo] = useState('');
  const [message, setMessage] = useState<Message | null>(null);
  // One id per attempt: a repeated click or a retry after a lost answer gets the first answer; a new one after success.
  const [requestId, setRequestId] = useState(newRequestId);
  const enter = useEnterResult();
  const cancel = useCancelFixture();
  const recalc = useRecalculate();
  const busy = enter.isPending || cancel.isPending || recalc.isPending;
  const hasResult = f.result !== null;
  const cancelled = f.status === 'cancelled';

  function answered(a: CallAnswer<'/api/admin/sports/result/enter'>) {
    if (!a.result) return setMessage({ ok: false, text: errorText(a.error) });
    setRequestId(newRequestId());
    setMessage({ ok: true, text: a.data.finished ? t('adminSports.results.entry.done') : t('adminSports.results.entry.pending') });
  }

  async function submit(mode: 'enter' | 'reenter' | 'modify') {
    setMessage(null);
    const r = toResultInput(form);
    if ('invalid' in r) return setMessage({ ok: false, text: t('adminSports.common.invalid', { field: r.invalid }) });
    if (mode === 'reenter' && !(await showConfirm(t('adminSports.results.entry.confirmReenter')))) return;
    answered(await enter.mutateAsync({ fixture_id: f.id, mode, result: r.result, force, memo: memo || undefined, request_id: requestId }));
  }

  async function cancelAll(mode: 'refund' | 'recover') {
    setMessage(null);
    if (!(await showConfirm(t(mode === 'refund' ? 'adminSports.results.entry.confirmRefund' : 'adminSports.results.entry.confirmRecover')))) return;
    answered(await cancel.mutateAsync({ fixture_id: f.id, mode, force, memo: memo || undefined, request_id: requestId }));
  }

  async function recalculate() {
    setMessage(null);
    answered(await recalc.mutateAsync({ fixture_id: f.id, force, request_id: requestId }));
  }

  const setPeriod = (i: number, patch: Partial<ResultForm['periods'][number]>) =>
    setForm((x) => ({ ...x, periods: x.periods.map((p, j) => (j === i ? { ...p, ...patch } : p)) }));

  return (
    <div className="ad-form sa-entry" data-testid="sa-entry">
      <h3 className="sa-h3">{t('adminSports.results.entry.title')}</h3>
      <div className="sa-score-row">
        <label className="ad-form-col">
          <span className="ad-form-label">
            {t('adminSports.results.entry.home')} · {f.home}
          </span>
          <input
            className="ui-input sa-score"
            inputMode="numeric"
            value={form.home}
            data-testid="sa-home"
            onChange={(e) => setForm((x) => ({ ...x, home: e.target.value }))}
          />
        </label>
        <span className="sa-colon">:</span>
        <label className="ad-form-col">
          <span className="ad-form-label">
            {t('adminSports.results.entry.away')} · {f.away}
          </span>
          <input
            className="ui-input sa-score"
            inputMode="numeric"
            value={form.away}
            data-testid="sa-away"
            onChange={(e) => setForm((x) => ({ ...x, away: e.target.value }))}
          />
        </label>
      </div>
      <div className="sa-periods">
        <span className="ad-form-label">{t('adminSports.results.entry.periods')}</span>
        {form.periods.map((p, i) => (
          <div key={i} className="sa-period">
            <input
              className="ui-input sa-code"
              aria-label={t('adminSports.results.entry.period')}
              value={p.period}
              onChange={(e) => setPeriod(i, { period: e.target.value })}
            />
            <input
              className="ui-input sa-score"
              inputMode="numeric"
              aria-label={t('adminSports.results.entry.home')}
              value={p.home}
              onChange={(e) => setPeriod(i, { home: e.target.value })}
            />
            <span className="sa-colon">:</span>
            <input
              className="ui-input sa-score"
              inputMode="numeric"
              aria-label={t('adminSports.results.entry.away')}
              value={p.away}
              onChange={(e) => setPeriod(i, { away: e.target.value })}
            />
            <button type="button" className="ui-btn ad-btn-xs" onClick={() => setForm((x) => ({ ...x, periods: x.periods.filter((_, j) => j !== i) }))}>
              {t('adminSports.results.entry.remove')}
            </button>
          </div>
        ))}
        <button
          type="button"
          className="ui-btn ad-btn-xs"
          onClick={() => setForm((x) => ({ ...x, periods: [...x.periods, { period: `${x.periods.length + 1}h`, home: '', away: '' }] }))}
        >
          {t('adminSports.results.entry.addPeriod')}
        </button>
      </div>
      {specialKinds.length > 0 && (
        <div className="sa-specials">
          <span className="ad-form-label">{t('adminSports.results.entry.specials')}</span>
          <p className="ad-muted">{t('adminSports.results.entry.specialHint')}</p>
          {specialKinds.map((k) => (
            <label key={k} className="sa-special">
              <span>{k}</span>
              <input
                className="ui-input sa-code"
                value={form.specials[k] ?? ''}
                data-testid={`sa-special-${k}`}
                onChange={(e) => setForm((x) => ({ ...x, specials: { ...x.specials, [k]: e.target.value } }))}
              />
            </label>
          ))}
        </div>
      )}
      <label className="ad-form-col">
        <span className="ad-form-label">{t('adminSports.results.entry.memo')}</span>
        <input className="ui-input" value={memo} maxLength={500} onChange={(e) => setMemo(e.target.value)} />
      </label>
      <label className="ad-check">
        <input type="checkbox" checked={force} data-testid="sa-force" onChange={(e) => setForce(e.target.checked)} />
        {t('adminSports.results.entry.force')}
      </label>
      {message && (
        <p className={message.ok ? 'ad-ok' : 'ad-error'} data-testid="sa-entry-message" data-ok={message.ok}>
          {message.text}
        </p>
      )}
      <div className="ad-form-actions sa-actions">
        {!hasResult && (
          <button
            type="button"
            className="ui-btn ui-btn-primary ad-btn-sm"
            data-testid="sa-enter"
            disabled={busy || cancelled}
            onClick={() => void submit('enter')}
          >
            {busy ? t('adminSports.common.processing') : t('adminSports.results.entry.enter')}
          </button>
        )}
        {hasResult && (
          <>
            <button
              type="button"
              className="ui-btn ui-btn-primary ad-btn-sm"
              data-testid="sa-reenter"
              disabled={busy || cancelled}
              onClick={() => void submit('reenter')}
            >
              {t('adminSports.results.entry.reenter')}
            </button>
            <button type="button" className="ui-btn ad-btn-sm" data-testid="sa-modify" disabled={busy || cancelled} onClick={() => void submit('modify')}>
              {t('adminSports.results.entry.modify')}
            </button>
            <button type="button" className="ui-btn ad-btn-sm" data-testid="sa-recalc" disabled={busy || cancelled} onClick={() => void recalculate()}>
              {t('adminSports.results.entry.recalc')}
            </button>
          </>
        )}
        <button type="button" className="ui-btn ad-btn-sm" data-testid="sa-cancel-refund" disabled={busy} onClick={() => void cancelAll('refund')}>
          {t('adminSports.results.entry.cancelRefund')}
        </button>
        <button type="button" className="ui-btn ad-btn-sm sa-danger" data-testid="sa-cancel-recover" disabled={busy} onClick={() => void cancelAll('recover')}>
          {t('adminSports.results.entry.cancelRecover')}
        </button>
      </div>
    </div>
  );
}
