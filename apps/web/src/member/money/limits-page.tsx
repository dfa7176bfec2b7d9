import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EXCLUSION_PERIODS, type CallData } from '@wager/contracts';
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
import { LIMIT_GROUPS, LIMIT_KEYS, usePlayLimits, type LimitKey } from './use-limits.ts';
import { currencyOf, MONEY_KEY } from './use-money.ts';
import { useSelfExclude, useSetPlayLimits } from './queries.ts';

type Limits = CallData<'/api/user/limits/get'>;
const LIMIT_STEPS = [100_000, 500_000, 1_000_000, 5_000_000] as const;
const MINUTE_STEPS = [30, 60, 120] as const;
type Period = (typeof EXCLUSION_PERIODS)[number];
/** The limits whose period total the server reports beside them. */
type UsedKey = Exclude<LimitKey, 'stake_per_bet' | 'session_minutes'>;
const isUsedKey = (k: LimitKey): k is UsedKey => k !== 'stake_per_bet' && k !== 'session_minutes';

/** When an exclusion of `period` starting now ends (6 months are calendar months), for the confirmation; null when permanent. */
function periodEnd(period: Period): Date | null {
  const d = new Date();
  if (period === 'permanent') return null;
  if (period === '6m') d.setUTCMonth(d.getUTCMonth() + 6);
  else d.setTime(d.getTime() + { '24h': 1, '7d': 7, '30d': 30 }[period] * 86_400_000);
  return d;
}

/** /board/limits: every limit the player sets on themselves, time-outs and self-exclusion (responsible play, decision 057). */
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
  const shown = (key: LimitKey, v: string | null | undefined) =>
    v === null || v === undefined
      ? t('money.limits.none')
      : key === 'session_minutes'
        ? t('money.limits.minutesValue', { n: v })
        : formatMoney(v, i18n.language);
  const [form, setForm] = useState<Record<LimitKey, string>>(
    () => Object.fromEntries(LIMIT_KEYS.map((k) => [k, limits[k] ?? '0'])) as Record<LimitKey, string>,
  );
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const patch = changedLimits(limits, form);
  const dirty = Object.keys(patch).length > 0;
  const used: Record<UsedKey, string> = {
    deposit_daily: limits.deposited_today,
    deposit_weekly: limits.deposited_this_week,
    deposit_monthly: limits.deposited_this_month,
    loss_daily: limits.lost_today,
    loss_weekly: limits.lost_this_week,
    loss_monthly: limits.lost_this_month,
    stake_daily: limits.staked_today,
  };

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
        {LIMIT_GROUPS.map((group) => (
          <fieldset key={group.key} className="mn-limit-group" data-testid={`limit-group-${group.key}`}>
            <legend>{t(`money.limits.groups.${group.key}`)}</legend>
            {group.keys.map((key: LimitKey) => {
              const pending = limits.pending && key in limits.pending && limits.pending[key] !== limits[key] ? (limits.pending[key] ?? null) : undefined;
              return (
                <div key={key} className="mn-limit" data-testid={`limit-${key}`}>
                  <h3>{t(`money.limits.${key}`)}</h3>
                  <dl className="mn-limit-now">
                    <div>
                      <dt>{t('money.limits.current')}</dt>
                      <dd data-testid={`limit-${key}-current`}>{shown(key, limits[key])}</dd>
                    </div>
                    {isUsedKey(key) && (
                      <div>
                        <dt>{t(`money.limits.used.${key}`)}</dt>
                        <dd>{shown(key, used[key])}</dd>
                      </div>
                    )}
                    {pending !== undefined && (
                      <div className="is-pending" data-testid={`limit-${key}-pending`}>
                        <dt>{t('money.limits.pending')}</dt>
                        <dd>
                          {shown(key, pending)}
                          {limits.pending_from && <small>{t('money.limits.pendingFrom', { at: formatDateTime(limits.pending_from) })}</small>}
                        </dd>
                      </div>
                    )}
                  </dl>
                  <AmountInput
                    label={t('money.limits.newLimit')}
                    value={form[key]}
                    onChange={(v) => setForm((f) => ({ ...f, [key]: v }))}
                    quick={key === 'session_minutes' ? MINUTE_STEPS : LIMIT_STEPS}
                    suffix={key === 'session_minutes' ? t('money.limits.minutes') : currencyOf(i18n.language)}
                    testId={`limit-${key}-input`}
                    disabled={busy}
                    hint={t('money.limits.zeroIsNone')}
                  />
                </div>
              );
            })}
          </fieldset>
        ))}
        <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid="limits-save" disabled={!dirty || busy}>
          {busy ? t('money.common.sending') : t('money.limits.save')}
        </button>
      </div>
    </form>
  );
}

/** Time-out or self-exclusion: a strong confirmation, then the server ends the session and we go home. */
function SelfExclusion() {
  const { t } = useTranslation();
  const selfExclude = useSelfExclude();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [period, setPeriod] = useState<Period>('7d');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);
  const signOutOnLeave = useRef(false);
  const label = (p: Period) => t(`money.limits.periods.${p}`);

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
    const end = periodEnd(period);
    const question = end
      ? t('money.limits.excludeConfirm', { period: label(period), until: formatDateTime(end.toISOString()) })
      : t('money.limits.excludeConfirmPermanent');
    if (!(await showConfirm(question, t('money.limits.excludeTitle')))) return;
    inFlight.current = true;
    setBusy(true);
    const answer = await selfExclude.mutateAsync({ period, password });
    inFlight.current = false;
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('money.limits.excludeFailed'));
    // The server has ended the session. Forgetting the token while this protected page is
    // still shown would open the login modal, so it is forgotten as the page goes (below).
    signOutOnLeave.current = true;
    void navigate('/', { replace: true });
    const until = answer.data.until;
    await showAlert(until ? t('money.limits.excludedDone', { until: formatDateTime(until) }) : t('money.limits.excludedPermanent'));
  }

  return (
    <form className="m-card mn-card mn-form mn-exclude" onSubmit={exclude} noValidate data-testid="self-exclusion">
      <header className="mn-card-head">
        <h2>{t('money.limits.excludeTitle')}</h2>
      </header>
      <div className="mn-card-body">
        <p className="mn-muted">{t('money.limits.excludeLead')}</p>
        <div className="mn-days" role="radiogroup" aria-label={t('money.limits.excludePeriod')}>
          {EXCLUSION_PERIODS.map((p) => (
            <button
              key={p}
              type="button"
              role="radio"
              aria-checked={p === period}
              className={p === period ? 'ui-btn mn-chip is-on' : 'ui-btn mn-chip'}
              data-testid={`exclude-period-${p}`}
              onClick={() => setPeriod(p)}
            >
              {label(p)}
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
          <span>{period === 'permanent' ? t('money.limits.excludeAgreePermanent') : t('money.limits.excludeAgree', { period: label(period) })}</span>
        </label>
        <button type="submit" className="ui-btn ui-btn-danger ui-btn-block" data-testid="exclude-submit" disabled={!agreed || !password || busy}>
          {t('money.limits.excludeSubmit')}
        </button>
      </div>
    </form>
  );
}
