import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { useAdminReauth, useUpdateProfile, type AdminDetail } from './queries.ts';

const FIELDS = ['nickname', 'name', 'phone', 'nickname_color', 'bank_name', 'bank_account', 'bank_holder'] as const;
type Field = (typeof FIELDS)[number];
const LABEL: Record<Field, string> = {
  nickname: 'nickname',
  name: 'name',
  phone: 'phone',
  nickname_color: 'color',
  bank_name: 'bankName',
  bank_account: 'bankAccount',
  bank_holder: 'bankHolder',
};

/** Account tab: profile and level; only the changed fields are sent (the server audits them before and after). */
export function ProfileForm({ detail }: { detail: AdminDetail }) {
  const { t } = useTranslation();
  const u = detail.user;
  const initial: Record<Field, string> = {
    nickname: u.nickname,
    name: u.name ?? '',
    phone: u.phone ?? '',
    nickname_color: u.nickname_color ?? '',
    bank_name: u.bank_name ?? '',
    bank_account: u.bank_account ?? '',
    bank_holder: u.bank_holder ?? '',
  };
  const [form, setForm] = useState(initial);
  const [level, setLevel] = useState(u.level);
  const update = useUpdateProfile();
  const reauth = useAdminReauth();
  const [reauthPassword, setReauthPassword] = useState('');
  const [reauthOtp, setReauthOtp] = useState('');
  // Bank details change only after the admin's password and code again (decision 050).
  const bankChanged = FIELDS.some((f) => f.startsWith('bank_') && form[f].trim() !== initial[f]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const patch: Record<string, string | number | null> = {};
    for (const f of FIELDS) if (form[f].trim() !== initial[f]) patch[f] = form[f].trim() === '' && f !== 'nickname' ? null : form[f].trim();
    if (level !== u.level) patch.level = level;
    if (Object.keys(patch).length === 0) return showAlert(t('adminMembers.profile.unchanged'));
    if (bankChanged && (!reauthPassword || !reauthOtp.trim())) return showAlert(t(reauthPassword ? 'auth.otpEmpty' : 'auth.emptyFields'));
    if (!(await showConfirm(t('adminMembers.profile.confirm', { account: u.account })))) return;
    let reauth_token: string | undefined;
    if (bankChanged) {
      const proof = await reauth.mutateAsync({ password: reauthPassword, otp: reauthOtp.trim() });
      setReauthOtp('');
      if (!proof.result) return showAlert(errorText(proof.error), t('adminOps.common.failed'));
      reauth_token = proof.data.reauth_token;
    }
    const answer = await update.mutateAsync({ user_id: u.id, ...patch, reauth_token });
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    await showAlert(
      t('adminMembers.profile.saved', {
        fields: answer.data.changed.map((c) => t(`adminMembers.profile.${LABEL[c as Field] ?? 'level'}` as never)).join(', '),
      }),
    );
  }

  return (
    <form className="ad-form am-profile" onSubmit={submit} data-testid="member-profile">
      {FIELDS.map((f) => (
        <label key={f} className="ad-form-row">
          <span className="ad-form-label">{t(`adminMembers.profile.${LABEL[f]}` as never)}</span>
          <input className="ui-input" data-testid={`member-profile-${f}`} value={form[f]} onChange={(e) => setForm({ ...form, [f]: e.target.value })} />
        </label>
      ))}
      <label className="ad-form-row">
        <span className="ad-form-label">{t('adminMembers.profile.level')}</span>
        <select className="ui-input ad-select" data-testid="member-profile-level" value={level} onChange={(e) => setLevel(Number(e.target.value))}>
          {[1, 2, 3, 4, 5, 6, 7].map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      {bankChanged && (
        <>
          <p className="ad-form-note" data-testid="member-profile-reauth">
            {t('errors.reauth_required')}
          </p>
          <label className="ad-form-row">
            <span className="ad-form-label">{t('auth.password')}</span>
            <input
              className="ui-input"
              type="password"
              autoComplete="current-password"
              data-testid="member-profile-reauth-password"
              value={reauthPassword}
              onChange={(e) => setReauthPassword(e.target.value)}
            />
          </label>
          <label className="ad-form-row">
            <span className="ad-form-label">{t('auth.otp')}</span>
            <input
              className="ui-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              data-testid="member-profile-reauth-otp"
              value={reauthOtp}
              onChange={(e) => setReauthOtp(e.target.value)}
            />
          </label>
        </>
      )}
      <div className="ad-form-actions">
        <button type="submit" className="ui-btn ui-btn-primary" data-testid="member-profile-save" disabled={update.isPending || reauth.isPending}>
          {t('adminMembers.profile.save')}
        </button>
      </div>
    </form>
  );
}
