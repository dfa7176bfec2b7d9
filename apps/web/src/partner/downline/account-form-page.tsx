import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RoleName } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { useAgent } from '../agent-session.tsx';
import { useAgentRoles } from '../queries.ts';
import { roleLabel } from '../role-label.ts';
import { showToast } from '../toast.tsx';
import { useCreateAccount } from './queries.ts';
import { RATE_KEYS, withRateLabels, type RateKey } from './rate-labels.ts';

const TEXT_FIELDS = ['account', 'password', 'nickname', 'phone', 'bankName', 'bankAccount', 'bankAccountHolder', 'bankPassword'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
const EMPTY = Object.fromEntries(TEXT_FIELDS.map((f) => [f, ''])) as Record<TextField, string>;

/**
 * /pa-register (a member) and /pa-create-agent (a lower agent, its tier from getRoles below the
 * agent's own): the new-account payload with rates (spec §3). The server refuses a rate above the
 * agent's own; every refusal is shown as the top-centre toast (spec §8). Created: the toast, then
 * the all-lower list.
 */
export function PartnerAccountFormPage({ kind }: { kind: 'member' | 'agent' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { agent } = useAgent();
  const roles = useAgentRoles();
  const create = useCreateAccount();
  const [fields, setFields] = useState(EMPTY);
  const [level, setLevel] = useState(1);
  const [rates, setRates] = useState<Partial<Record<RateKey, string>>>({});
  // Tiers below the agent's own, agents only (spec §6: the first is the default).
  const lowerRoles = (roles.data?.roles ?? []).filter((r) => r.name !== 'user' && r.propirty > (agent?.propirty ?? 99));
  const [role, setRole] = useState<string>('');
  const chosenRole = kind === 'member' ? 'user' : role || lowerRoles[0]?.name;

  async function submit(e: FormEvent) {
    e.preventDefault();
    // An agent form with no lower tier (a shop) must never fall back to creating a member.
    if (create.isPending || !chosenRole) return;
    if (!fields.account.trim() || !fields.password || !fields.nickname.trim()) return showToast(t('partnerDownline.form.required'), 'top');
    const optional = (v: string) => v.trim() || undefined;
    const answer = await create.mutateAsync({
      account: fields.account.trim(),
      password: fields.password,
      nickname: fields.nickname.trim(),
      phone: optional(fields.phone),
      bankName: optional(fields.bankName),
      bankAccount: optional(fields.bankAccount),
      bankAccountHolder: optional(fields.bankAccountHolder),
      bankPassword: optional(fields.bankPassword),
      level,
      role: chosenRole as RoleName,
      rolling_json: Object.fromEntries(RATE_KEYS.filter((k) => rates[k]?.trim()).map((k) => [k, Number(rates[k])])),
    });
    if (!answer.result) return showToast(errorText(withRateLabels(t, answer.error)), 'top');
    showToast(t('partnerDownline.form.created'));
    void navigate(kind === 'member' ? '/pa-agent-user-list' : '/pa-child-user-list');
  }

  const input = (f: TextField, type = 'text') => (
    <label key={f} className="ui-field">
      <span className="ui-field-label">{t(`partnerDownline.form.${f}`)}</span>
      <input
        className="ui-input"
        name={f}
        type={type}
        data-testid={`pa-form-${f}`}
        autoComplete="off"
        value={fields[f]}
        onChange={(e) => setFields((x) => ({ ...x, [f]: e.target.value }))}
      />
    </label>
  );

  return (
    <BackofficePage title={t(kind === 'member' ? 'partnerDownline.form.registerTitle' : 'partnerDownline.form.agentTitle')} testId={`pa-account-form-${kind}`}>
      <form className="pa-account-form" onSubmit={(e) => void submit(e)}>
        <div className="pa-form-grid">
          {input('account')}
          {input('password', 'password')}
          {input('nickname')}
          {input('phone')}
          {input('bankName')}
          {input('bankAccount')}
          {input('bankAccountHolder')}
          {input('bankPassword', 'password')}
          <label className="ui-field">
            <span className="ui-field-label">{t('partnerDownline.form.level')}</span>
            <select className="ui-input" data-testid="pa-form-level" value={level} onChange={(e) => setLevel(Number(e.target.value))}>
              {[1, 2, 3, 4, 5, 6, 7].map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </label>
          {kind === 'agent' && (
            <label className="ui-field">
              <span className="ui-field-label">{t('partnerDownline.form.role')}</span>
              <select className="ui-input" data-testid="pa-form-role" value={chosenRole ?? ''} onChange={(e) => setRole(e.target.value)}>
                {lowerRoles.map((r) => (
                  <option key={r.name} value={r.name}>
                    {roleLabel(t, r.name)}
                  </option>
                ))}
              </select>
            </label>
          )}
        </div>
        <h2 className="pa-form-section">{t('partnerDownline.form.rates')}</h2>
        <div className="pa-form-grid pa-form-rates">
          {RATE_KEYS.map((k) => (
            <label key={k} className="ui-field">
              <span className="ui-field-label">{t(`partnerDownline.rates.${k}`)}</span>
              <input
                className="ui-input"
                data-testid={`pa-rate-${k}`}
                inputMode="decimal"
                placeholder="0"
                value={rates[k] ?? ''}
                onChange={(e) => setRates((r) => ({ ...r, [k]: e.target.value.replace(/[^\d.]/g, '') }))}
              />
            </label>
          ))}
        </div>
        <div className="pa-form-actions">
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="pa-form-submit" disabled={create.isPending || !chosenRole}>
            {t('partnerDownline.form.submit')}
          </button>
        </div>
      </form>
    </BackofficePage>
  );
}
