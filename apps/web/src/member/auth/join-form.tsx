import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { loginDevice } from '../../lib/device.ts';
import { formatPhoneInput } from '../../lib/phone.ts';
import { showAlert } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { isJoinFieldValid, joinFieldProblem, type JoinField } from './join-rules.ts';
import { useJoinBanks, useJoinCalls } from './queries.ts';
import { localDay } from '../../lib/date.ts';

type Form = {
  account: string;
  nickname: string;
  password: string;
  phone: string;
  smsNumber: string;
  holder: string;
  bankName: string;
  bankAccount: string;
  bankPassword: string;
  code: string;
  birthDate: string;
};

const EMPTY: Form = {
  account: '',
  nickname: '',
  password: '',
  phone: '',
  smsNumber: '',
  holder: '',
  bankName: '',
  bankAccount: '',
  bankPassword: '',
  code: '',
  birthDate: '',
};

/**
 * Basic sign-up (spec §4 join form): ID and nickname duplicate checks, SMS not sent → sent →
 * verified, and the submit button enabled only when everything required is filled.
 */
export function JoinForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const calls = useJoinCalls();
  const [form, setForm] = useState<Form>(EMPTY);
  const [accountChecked, setAccountChecked] = useState(false);
  const [nicknameChecked, setNicknameChecked] = useState(false);
  const [smsKey, setSmsKey] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const [busy, setBusy] = useState(false);
  const banks = useJoinBanks();
  const today = localToday();
  /** The rule a typed value breaks, said under its field as the player types (spec §5). */
  const minimumAge = banks.data?.minimum_age ?? 19;
  const problem = (field: JoinField, value: string) => {
    const key = joinFieldProblem(field, value, today, minimumAge);
    return key ? t(key, { age: minimumAge }) : null;
  };
  const valid = (field: JoinField, value: string) => isJoinFieldValid(field, value, today, minimumAge);

  const update = (key: keyof Form, value: string) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key === 'account') setAccountChecked(false);
    if (key === 'nickname') setNicknameChecked(false);
  };

  async function checkAccount() {
    if (!form.account.trim()) return showAlert(t('join.accountRequired'));
    if (!valid('account', form.account)) return showAlert(t('account.join.account'));
    const answer = await calls.checkAccount.mutateAsync({ account: form.account.trim() });
    if (!answer.result) return showAlert(errorText(answer.error));
    setAccountChecked(answer.data.checked);
    await showAlert(answer.data.checked ? t('join.accountAvailable') : t('join.accountTaken'));
  }

  async function checkNickname() {
    if (!form.nickname.trim()) return showAlert(t('join.nicknameRequired'));
    if (!valid('nickname', form.nickname)) return showAlert(t('account.join.nickname'));
    const answer = await calls.checkNickname.mutateAsync({ nickname: form.nickname.trim() });
    if (!answer.result) return showAlert(errorText(answer.error));
    setNicknameChecked(answer.data.checked);
    await showAlert(answer.data.checked ? t('join.nicknameAvailable') : t('join.nicknameTaken'));
  }

  async function sendSms() {
    if (!form.phone) return showAlert(t('join.phoneRequired'));
    if (!valid('phone', form.phone)) return showAlert(t('account.join.phone'));
    const answer = await calls.sendSms.mutateAsync({ phone_number: form.phone });
    if (!answer.result) return showAlert(errorText(answer.error));
    setSmsKey(answer.data.sms_key);
    await showAlert(t('join.smsSent'));
  }

  async function checkSms() {
    if (!smsKey || !form.smsNumber) return showAlert(t('join.smsRequired'));
    if (!valid('smsCode', form.smsNumber)) return showAlert(t('account.join.smsCode'));
    const answer = await calls.checkSms.mutateAsync({ sms_key: smsKey, number: Number(form.smsNumber) });
    if (!answer.result) return showAlert(errorText(answer.error));
    setVerified(true);
    await showAlert(t('join.verified'));
  }

  const ready =
    accountChecked &&
    nicknameChecked &&
    verified &&
    valid('password', form.password) &&
    valid('holder', form.holder) &&
    (banks.data?.banks ?? []).includes(form.bankName) &&
    valid('bankAccount', form.bankAccount) &&
    valid('bankPassword', form.bankPassword) &&
    valid('code', form.code) &&
    valid('birthDate', form.birthDate);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready || busy || !smsKey) return;
    setBusy(true);
    const answer = await calls.join.mutateAsync({
      account: form.account.trim(),
      password: form.password,
      nickname: form.nickname.trim(),
      phone_number: form.phone,
      sms_key: smsKey,
      sms_number: Number(form.smsNumber),
      bank_account_holder: form.holder.trim(),
      bank_name: form.bankName,
      bank_account: form.bankAccount.trim(),
      bank_password: form.bankPassword,
      code: form.code.trim(),
      birth_date: form.birthDate,
      device: loginDevice(),
    });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('join.failed'));
    await showAlert(t(answer.data.message === 'join_pending' ? 'join.completePending' : 'join.complete'));
    onDone();
  }

  const checkButton = (done: boolean, onClick: () => void, label: string, testId: string) => (
    <button type="button" className={done ? 'ui-btn is-done' : 'ui-btn'} data-testid={testId} onClick={onClick} disabled={done}>
      {done ? t('join.checked') : label}
    </button>
  );

  return (
    <form className="m-join-form" onSubmit={submit} noValidate>
      <Field
        label={t('join.account')}
        name="account"
        testId="join-account"
        value={form.account}
        error={problem('account', form.account)}
        onChange={(e) => update('account', e.target.value)}
        addon={checkButton(accountChecked, checkAccount, t('join.check'), 'join-check-account')}
      />
      <Field
        label={t('join.nickname')}
        name="nickname"
        testId="join-nickname"
        value={form.nickname}
        error={problem('nickname', form.nickname)}
        onChange={(e) => update('nickname', e.target.value)}
        addon={checkButton(nicknameChecked, checkNickname, t('join.check'), 'join-check-nickname')}
      />
      <Field
        label={t('join.password')}
        name="password"
        type="password"
        inputMode="numeric"
        testId="join-password"
        value={form.password}
        error={problem('password', form.password)}
        onChange={(e) => update('password', e.target.value.replace(/\D/g, ''))}
      />
      {!verified && (
        <Field
          label={t('join.phone')}
          name="phone"
          inputMode="tel"
          testId="join-phone"
          value={form.phone}
          error={problem('phone', form.phone)}
          onChange={(e) => update('phone', formatPhoneInput(e.target.value))}
          addon={
            <button type="button" className="ui-btn" onClick={sendSms} data-testid="join-send-sms">
              {smsKey ? t('join.resendSms') : t('join.sendSms')}
            </button>
          }
        />
      )}
      {smsKey && !verified && (
        <Field
          label={t('join.smsCode')}
          name="sms"
          inputMode="numeric"
          maxLength={6}
          testId="join-sms"
          value={form.smsNumber}
          error={problem('smsCode', form.smsNumber)}
          onChange={(e) => update('smsNumber', e.target.value.replace(/\D/g, ''))}
          addon={
            <button type="button" className="ui-btn" onClick={checkSms} data-testid="join-check-sms">
              {t('join.verify')}
            </button>
          }
        />
      )}
      {verified && <p className="m-join-verified">{t('join.verified')}</p>}
      <Field
        label={t('join.holder')}
        name="holder"
        testId="join-holder"
        value={form.holder}
        error={problem('holder', form.holder)}
        onChange={(e) => update('holder', e.target.value)}
      />
      <label className="ui-field">
        <span className="ui-field-label">{t('join.bankName')}</span>
        <select className="ui-input" data-testid="join-bank" value={form.bankName} onChange={(e) => update('bankName', e.target.value)}>
          <option value="">{t('join.bankChoose')}</option>
          {(banks.data?.banks ?? []).map((b) => (
            <option key={b} value={b}>
              {b}
            </option>
          ))}
        </select>
        {banks.isPending && <span className="ui-field-label">{t('account.join.banksLoading')}</span>}
        {banks.isError && (
          <span className="ui-field-error" role="alert">
            {t('account.join.banksFailed')}
          </span>
        )}
      </label>
      <Field
        label={t('join.bankAccount')}
        name="bankAccount"
        inputMode="numeric"
        testId="join-bank-account"
        value={form.bankAccount}
        error={problem('bankAccount', form.bankAccount)}
        onChange={(e) => update('bankAccount', e.target.value.replace(/[^\d-]/g, ''))}
      />
      <Field
        label={t('join.bankPassword')}
        name="bankPassword"
        type="password"
        inputMode="numeric"
        maxLength={4}
        testId="join-bank-password"
        value={form.bankPassword}
        error={problem('bankPassword', form.bankPassword)}
        onChange={(e) => update('bankPassword', e.target.value.replace(/\D/g, '').slice(0, 4))}
      />
      <Field
        label={t('join.birthDate', { age: minimumAge })}
        name="birthDate"
        type="date"
        testId="join-birth-date"
        value={form.birthDate}
        error={problem('birthDate', form.birthDate)}
        max={localDay()}
        onChange={(e) => update('birthDate', e.target.value)}
      />
      <Field
        label={t('join.code')}
        name="code"
        testId="join-code"
        value={form.code}
        error={problem('code', form.code)}
        onChange={(e) => update('code', e.target.value)}
      />
      <button type="submit" className="ui-btn ui-btn-primary ui-btn-block" data-testid="join-submit" disabled={!ready || busy}>
        {t('join.submit')}
      </button>
    </form>
  );
}

/** Today in the operating zone, for the age check (the server decides with its own clock, the same day). */
const localToday = () => localDay();
