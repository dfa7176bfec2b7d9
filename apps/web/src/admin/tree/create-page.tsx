import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ROLES, rollingJson, type ApiError, type CallBody, type RoleName } from '@wager/contracts';
import { i18next } from '../../i18n/index.ts';
import { errorText } from '../../i18n/error-text.ts';
import { validationProblem } from '../../i18n/validation-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { ParentPicker } from './parent-picker.tsx';
import { useCreateAccount } from './queries.ts';

/** Real member, test account, or one agent tier (spec §2 member creation, decision 028). */
type Kind = 'user' | 'test' | Exclude<RoleName, 'user'>;
const KINDS: Kind[] = ['user', 'test', ...ROLES.map((r) => r.name).filter((n): n is Exclude<RoleName, 'user'> => n !== 'user')];
const STATES = ['pending', 'normal_a', 'normal_b', 'suspended', 'blocked'] as const;
type State = (typeof STATES)[number];
const RATE_KEYS = rollingJson.keyof().options;
type RateKey = (typeof RATE_KEYS)[number];

const TEXT_FIELDS = ['account', 'password', 'nickname', 'phone', 'bankName', 'bankAccount', 'bankAccountHolder', 'bankPassword'] as const;
type TextField = (typeof TEXT_FIELDS)[number];
type Form = Record<TextField, string> & { parent_code: string; level: number; state: State; rates: Partial<Record<RateKey, string>> };

const EMPTY: Form = {
  account: '',
  password: '',
  nickname: '',
  phone: '',
  bankName: '',
  bankAccount: '',
  bankAccountHolder: '',
  bankPassword: '',
  parent_code: '',
  level: 1,
  state: 'normal_a',
  rates: {},
};

/** Which field a refused answer belongs to, so its text shows under that field. */
function fieldOf(error: ApiError): string {
  if (error.code === 'validation') return error.field?.startsWith('rolling_json') ? 'rates' : (error.field ?? '');
  if (error.code === 'account_taken') return 'account';
  if (error.code === 'nickname_taken') return 'nickname';
  if (error.code === 'rate_above_parent') return 'rates';
  if (error.code === 'parent_not_found' || error.code === 'role_not_lower' || error.code === 'parent_inactive') return 'parent_code';
  return '';
}

/** A refused field's text: the screen's own label (validation) or the error's translated text. */
function fieldText(error: ApiError): string {
  if (error.code !== 'validation' || !error.rule) return errorText(error);
  const last = error.field?.split('.').pop() ?? '';
  const problem = validationProblem(error.rule, error.params);
  const key = error.field?.startsWith('rolling_json') ? `adminTree.create.rateKeys.${last}` : `adminTree.create.${last}`;
  const label = i18next.exists(key) ? i18next.t(key as 'adminTree.create.account') : last;
  return i18next.t('account.sentence', { field: label, problem: i18next.t(problem.key as 'account.rules.custom', problem.vars) });
}

export function CreateMemberPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateAccount();
  const [kind, setKind] = useState<Kind>('user');
  const [form, setForm] = useState<Form>(EMPTY);
  const [error, setError] = useState<{ field: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const kindLabel = (k: Kind) => (k === 'user' || k === 'test' ? t(`adminTree.create.types.${k}`) : t(`roles.${k}`));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setError(null);
    if (!form.account.trim() || !form.password || !form.nickname.trim()) return setError({ field: '', text: t('adminTree.create.required') });
    const isMember = kind === 'user' || kind === 'test';
    if (isMember && !form.parent_code.trim()) return setError({ field: 'parent_code', text: t('adminTree.create.parentRequired') });
    const optional = (v: string) => (v.trim() === '' ? undefined : v.trim());
    const rates = Object.fromEntries(
      Object.entries(form.rates)
        .filter(([, v]) => v !== undefined && v.trim() !== '')
        .map(([k, v]) => [k, Number(v)]),
    );
    const body: CallBody<'/api/admin/member/create'> = {
      parent_code: optional(form.parent_code),
      account: form.account.trim(),
      password: form.password,
      nickname: form.nickname.trim(),
      phone: optional(form.phone),
      bankName: optional(form.bankName),
      bankAccount: optional(form.bankAccount),
      bankAccountHolder: optional(form.bankAccountHolder),
      bankPassword: optional(form.bankPassword),
      level: form.level,
      role: isMember ? 'user' : kind,
      state: kind === 'test' ? 'test' : form.state,
      rolling_json: rates,
    };
    if (!(await showConfirm(t('adminTree.create.confirm', { type: kindLabel(kind), account: body.account })))) return;
    setBusy(true);
    const answer = await create.mutateAsync(body);
    setBusy(false);
    if (!answer.result) return setError({ field: fieldOf(answer.error), text: fieldText(answer.error) });
    await showAlert(t('adminTree.create.done', { account: answer.data.account }));
    void navigate('/admin/members');
  }

  const fieldError = (field: string) =>
    error?.field === field ? (
      <span className="ad-error" role="alert" data-testid={`admin-create-error-${field}`}>
        {error.text}
      </span>
    ) : null;
  // A plain div where the field holds buttons (the parent picker): a label would swallow their clicks.
  const row = (field: string, label: string, input: ReactNode, plain = false) => {
    const Tag = plain ? 'div' : 'label';
    return (
      <Tag className="ad-form-row" key={field}>
        <span className="ad-form-label">{label}</span>
        <span className="ad-form-col">
          {input}
          {fieldError(field)}
        </span>
      </Tag>
    );
  };

  return (
    <BackofficePage title={t('adminTree.create.title')} testId="admin-create">
      <form className="ad-form ad-panel ad-create-form" onSubmit={submit} noValidate>
        <div className="ad-form-row" role="radiogroup" aria-label={t('adminTree.create.type')}>
          <span className="ad-form-label">{t('adminTree.create.type')}</span>
          <span className="ad-create-kinds">
            {KINDS.map((k) => (
              <label key={k} className="ad-radio">
                <input type="radio" name="create-kind" data-testid={`admin-create-kind-${k}`} checked={kind === k} onChange={() => setKind(k)} />
                {kindLabel(k)}
              </label>
            ))}
          </span>
        </div>
        {row(
          'parent_code',
          t('adminTree.create.parent'),
          <ParentPicker value={form.parent_code} onChange={(v) => set('parent_code', v)} hint={t('adminTree.create.parentHint')} />,
          true,
        )}
        {kind !== 'test' &&
          row(
            'state',
            t('adminTree.create.state'),
            <select className="ui-input ad-select" data-testid="admin-create-state" value={form.state} onChange={(e) => set('state', e.target.value as State)}>
              {STATES.map((s) => (
                <option key={s} value={s}>
                  {t(`adminOps.members.statuses.${s}`)}
                </option>
              ))}
            </select>,
          )}
        {TEXT_FIELDS.map((f) =>
          row(
            f,
            t(`adminTree.create.${f}`),
            <input
              className="ui-input"
              type={f === 'password' || f === 'bankPassword' ? 'password' : 'text'}
              autoComplete="off"
              data-testid={`admin-create-${f}`}
              maxLength={f === 'password' ? 100 : 40}
              value={form[f]}
              onChange={(e) => set(f, e.target.value)}
            />,
          ),
        )}
        {row(
          'level',
          t('adminTree.create.level'),
          <select className="ui-input ad-select" data-testid="admin-create-level" value={form.level} onChange={(e) => set('level', Number(e.target.value))}>
            {[1, 2, 3, 4, 5, 6, 7].map((l) => (
              <option key={l} value={l}>
                {l}
              </option>
            ))}
          </select>,
        )}
        <fieldset className="ad-create-rates">
          <legend>{t('adminTree.create.rates')}</legend>
          <p className="ad-note">{t('adminTree.create.ratesHint')}</p>
          <div className="ad-create-rate-grid">
            {RATE_KEYS.map((k) => (
              <label key={k} className="ad-create-rate">
                <span>{t(`adminTree.create.rateKeys.${k}`)}</span>
                <input
                  className="ui-input"
                  inputMode="decimal"
                  data-testid={`admin-create-rate-${k}`}
                  value={form.rates[k] ?? ''}
                  onChange={(e) => set('rates', { ...form.rates, [k]: e.target.value.replace(/[^\d.]/g, '').slice(0, 8) })}
                />
              </label>
            ))}
          </div>
          {fieldError('rates')}
        </fieldset>
        {fieldError('')}
        <div className="ad-form-actions">
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="admin-create-submit" disabled={busy}>
            {busy ? t('adminOps.common.processing') : t('adminTree.create.submit')}
          </button>
        </div>
      </form>
    </BackofficePage>
  );
}
