import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { Icon } from '../../ui/icons.tsx';
import { changePassword } from './queries.ts';
import { newRequestId } from '../../ui/money-rules.ts';

const EMPTY = { current: '', next: '', confirm: '' };

/**
 * Spec §5 password change (current, new, confirm-new) in the profile modal, opened on demand.
 * "Change failed" titles a refusal; "password changed" confirms. Digits only, at least 4.
 */
export function PasswordChange() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [key]: value.replace(/\D/g, '') }));
  const tooShort = form.next !== '' && form.next.length < 4;
  const mismatch = form.confirm !== '' && form.confirm !== form.next;
  const ready = form.current !== '' && form.next.length >= 4 && form.confirm === form.next && !busy;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    setBusy(true);
    const answer = await changePassword({ ...form, requestId: newRequestId() });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('account.password.failed'));
    setForm(EMPTY);
    setOpen(false);
    await showAlert(t('account.password.done'));
  }

  if (!open)
    return (
      <button type="button" className="ui-btn ui-btn-block" data-testid="profile-password-open" onClick={() => setOpen(true)}>
        <Icon name="shield" size={16} />
        {t('account.password.open')}
      </button>
    );
  return (
    <form className="mn-profile-password" onSubmit={submit} noValidate data-testid="profile-password">
      <h3>{t('account.password.title')}</h3>
      <Field
        label={t('account.password.current')}
        name="current_password"
        type="password"
        inputMode="numeric"
        autoComplete="current-password"
        testId="password-current"
        value={form.current}
        onChange={(e) => set('current')(e.target.value)}
      />
      <Field
        label={t('account.password.next')}
        name="new_password"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        testId="password-new"
        value={form.next}
        error={tooShort ? t('account.join.password') : null}
        onChange={(e) => set('next')(e.target.value)}
      />
      <Field
        label={t('account.password.confirm')}
        name="confirm_password"
        type="password"
        inputMode="numeric"
        autoComplete="new-password"
        testId="password-confirm"
        value={form.confirm}
        error={mismatch ? t('account.password.mismatch') : null}
        onChange={(e) => set('confirm')(e.target.value)}
      />
      <div className="mn-profile-password-actions">
        <button
          type="button"
          className="ui-btn"
          onClick={() => {
            setOpen(false);
            setForm(EMPTY);
          }}
        >
          {t('common.cancel')}
        </button>
        <button type="submit" className="ui-btn ui-btn-primary" data-testid="password-submit" disabled={!ready}>
          {t('account.password.submit')}
        </button>
      </div>
    </form>
  );
}
