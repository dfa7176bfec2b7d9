import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { CallData } from '@wager/contracts';
import { clearToken } from '../../api/tokens.ts';
import { errorText, queryErrorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import { AmountInput } from '../../ui/amount-input.tsx';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { Icon } from '../../ui/icons.tsx';
import { Loading } from '../../ui/states.tsx';
import { primeUser } from '../session.tsx';
import { MoneyHead } from './money-tabs.tsx';
import { changedLimits } from '../../ui/money-rules.ts';
import { LIMIT_KEYS, usePlayLimits, type LimitKey } from './use-limits.ts';
import { currencyOf, MONEY_KEY } from './use-money.ts';
import { useSelfExclude, useSetPlayLimits } from './queries.ts';

type Limits = CallData<'/api/user/limits/get'>;
const LIMIT_STEPS = [100_000, 500_000, 1_000_000, 5_000_000] as const;
const EXCLUSION_DAYS = [1, 7, 30, 90, 180, 365] as const;
type ExclusionDays = (typeof EXCLUSION_DAYS)[number];

/** /board/limits: own deposit and loss limits, and self-exclusion (responsible play). */
export function LimitsPage() {
  const { t } = useTranslation();
  const limits = usePlayLimits();
  return (
    <section className="mn-page" data-testid="limits-page">
      <MoneyHead title={t('money.limits.title')} />
      <p className="mn-lead">{t('money.limits.lead')}</p>
      <div className="mn-grid">
        {limits.isPending ? (
          <Loading />
        ) : limits.isError ? (
          <p className="mn-error">{queryErrorText(limits.error)}</p>
        ) : (
          // A new answer from the server starts the form again from what it now holds.
          <LimitsForm key={JSON.stringify(limits.data)} limits={limits.data} />
        )}
        <SelfExclusion />
      </div>
    </section>
  );
}

function LimitsForm({ limits }: { limits: Limits }) {
  const { t, i18n } = useTranslation();
  const setPlayLimits = useSetPlayLimits();
  const queryClient = useQueryClient();
  const money = (v: string | null) => (v === null ? t('money.limits.none') : formatMoney(v, i18n.language));
  const [form, setForm] = useState<Record<LimitKey, string>>(() => ({
    deposit_daily: limits.deposit_daily ?? '0',
    deposit_monthly: limits.deposit_monthly ?? '0',
    loss_daily: limits.loss_daily ?? '0',
  }));
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const patch = changedLimits(limits, form);
  const dirty = Object.keys(patch).length > 0;
  const used: Partial<Record<LimitKey, string>> = { deposit_daily: limits.deposited_today, deposit_monthly: limits.deposited_this_month };

  async function save(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current || !dirty) return;
    inFlight.current = true;
    setBusy(true);
    const answer = await setPlayLimits.mutateAsync(patch);
    inFlight.current = false;
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('money.limits.saveFailed'));
    queryClient.setQueryData([...MONEY_KEY, 'play-limits'], answer.data);
    const waits = answer.data.pending && answer.data.pending_from;
    await showAlert(waits ? t('money.limits.savedPending', { at: formatDateTime(answer.data.pending_from!) }) : t('money.limits.saved'));
  }

  return (
    <form className="m-card mn-card mn-form" onSubmit={save} noValidate data-testid="limits-form">
      <header className="mn-card-head">
        <h2>{t('money.limits.formTitle')}</h2>
      </header>
      <div className="mn-card-body">
        <p className="mn-note">
          <Icon name="shield" size={15} />
          <span>{t('money.limits.rule')}</span>
        </p>
        {LIMIT_KEYS.map((key) => {
          const pending = limits.pending && limits.pending[key] !== limits[key] ? limits.pending[key] : undefined;
          return (
            <div key={key} className="mn-limit" data-testid={`limit-${key}`}>
              <h3>{t(`money.limits.${key}`)}</h3>
              <dl className="mn-limit-now">
                <div>
                  <dt>{t('money.limits.current')}</dt>
                  <dd data-testid={`limit-${key}-current`}>{money(limits[key])}</dd>
                </div>
                {used[key] !== undefined && (
                  <div>
                    <dt>{t(key === 'deposit_daily' ? 'money.limits.usedToday' : 'money.limits.usedMonth')}</dt>
                    <dd>{money(used[key]!)}</dd>
                  </div>
                )}
                {pending !== undefined && (
                  <div className="is-pending" data-testid={`limit-${key}-pending`}>
                    <dt>{t('money.limits.pending')}</dt>
                    <dd>
                      {money(pending)}
                      {limits.pending_from && <small>{t('money.limits.pendingFrom', { at: formatDateTime(limits.pending_from) })}</small>}
                    </dd>
                  </div>
                )}
              </dl>
              <AmountInput
                label={t('money.limits.newLimit')}
                value={form[key]}
                onChange={(v) => setForm((f) => ({ ...f, [key]: v }))}
                quick={LIMIT_STEPS}
                suffix={currencyOf(i18n.language)}
                testId={`limit-${key}-input`}
                disabled={busy}
                hint={t('money.limits.zeroIsNone')}
              />
            </div>
          );
        })}
        <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid="limits-save" disabled={!dirty || busy}>
          {busy ? t('money.common.sending') : t('money.limits.save')}
        </button>
      </div>
    </form>
  );
}

/** Self-exclusion: a strong confirmation, then the server ends the session and we go home. */
function SelfExclusion() {
  const { t } = useTranslation();
  const selfExclude = useSelfExclude();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [days, setDays] = useState<ExclusionDays>(7);
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const signOutOnLeave = useRef(false);
  const label = (d: ExclusionDays) => t(`money.limits.days.d${d}`);

  useEffect(
    () => () => {
      if (!signOutOnLeave.current) return;
      clearToken('player');
      primeUser(queryClient, null);
    },
    [queryClient],
  );

  async function exclude(e: FormEvent) {
    e.preventDefault();
    if (inFlight.current || !agreed || !password) return;
    const until = formatDateTime(new Date(Date.now() + days * 86_400_000).toISOString());
    if (!(await showConfirm(t('money.limits.excludeConfirm', { period: label(days), until }), t('money.limits.excludeTitle')))) return;
    inFlight.current = true;
    setBusy(true);
    const answer = await selfExclude.mutateAsync({ days, password });
    inFlight.current = false;
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('money.limits.excludeFailed'));
    // The server has ended the session. Forgetting the token while this protected page is
    // still shown would open the login modal, so it is forgotten as the page goes (below).
    signOutOnLeave.current = true;
    void navigate('/', { replace: true });
    await showAlert(t('money.limits.excludedDone', { until: formatDateTime(answer.data.until) }));
  }

  return (
    <form className="m-card mn-card mn-form mn-exclude" onSubmit={exclude} noValidate data-testid="self-exclusion">
      <header className="mn-card-head">
        <h2>{t('money.limits.excludeTitle')}</h2>
      </header>
      <div className="mn-card-body">
        <p className="mn-muted">{t('money.limits.excludeLead')}</p>
        <div className="mn-days" role="radiogroup" aria-label={t('money.limits.excludePeriod')}>
          {EXCLUSION_DAYS.map((d) => (
            <button
              key={d}
              type="button"
              role="radio"
              aria-checked={d === days}
              className={d === days ? 'ui-btn mn-chip is-on' : 'ui-btn mn-chip'}
              data-testid={`exclude-days-${d}`}
              onClick={() => setDays(d)}
            >
              {label(d)}
            </button>
          ))}
        </div>
        <label className="ui-field">
          <span className="ui-field-label">{t('money.limits.loginPassword')}</span>
          <input
            className="ui-input"
            type="password"
            autoComplete="current-password"
            data-testid="exclude-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </label>
        <label className="mn-check">
          <input type="checkbox" data-testid="exclude-agree" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          <span>{t('money.limits.excludeAgree', { period: label(days) })}</span>
        </label>
        <button type="submit" className="ui-btn ui-btn-danger ui-btn-block" data-testid="exclude-submit" disabled={!agreed || !password || busy}>
          {t('money.limits.excludeSubmit')}
        </button>
      </div>
    </form>
  );
}
