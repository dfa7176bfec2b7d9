import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MemberDetail } from '@wager/contracts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import { roleLabel } from '../role-label.ts';
import { formatDateTime } from '../../lib/date.ts';

const PER_ROW = 4;

/** Spec §3 "Member or agent": every field the platform keeps, four label/value pairs a row. */
export function InfoTab({ user }: { user: MemberDetail }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const when = (v: string | null) => (v ? formatDateTime(v) : t('partnerDetail.info.none'));
  const text = (v: string | null) => v || t('partnerDetail.info.none');
  const rates = Object.entries(user.rates);
  const rateLabel = (key: string) =>
    key === 'losing_percent' ? t('partnerDetail.info.losingRate') : t(`partnerDownline.rates.${key as 'slot_percent'}`, { defaultValue: key });
  const fields: [string, ReactNode][] = [
    [t('partnerDetail.info.id'), user.id],
    [t('partnerDetail.info.account'), user.account],
    [t('partnerDetail.info.nickname'), <span style={user.nickname_color ? { color: user.nickname_color } : undefined}>{user.nickname}</span>],
    [t('partnerDetail.info.name'), text(user.name)],
    [t('partnerDetail.info.phone'), text(user.phone)],
    [t('partnerDetail.info.referralCode'), text(user.referral_code)],
    [t('partnerDetail.info.parent'), text(user.parent_account)],
    [t('partnerDetail.info.role'), roleLabel(t, user.role)],
    [t('partnerDetail.info.level'), user.level],
    [t('partnerDetail.info.status'), t(`partnerDownline.statuses.${user.status}`)],
    [t('partnerDetail.info.money'), <span data-testid="pa-detail-money">{formatMoney(user.money, lang)}</span>],
    [t('partnerDetail.info.point'), formatPoints(user.point, lang)],
    [t('partnerDetail.info.egg'), formatPoints(user.egg, lang)],
    [t('partnerDetail.info.casino'), formatMoney(user.casino, lang)],
    [t('partnerDetail.info.bankName'), text(user.bank_name)],
    [t('partnerDetail.info.bankAccount'), text(user.bank_account)],
    [t('partnerDetail.info.bankHolder'), text(user.bank_holder)],
    [t('partnerDetail.info.exchangePassword'), user.has_exchange_password ? t('partnerDetail.info.set') : t('partnerDetail.info.unset')],
    [t('partnerDetail.info.nicknameColor'), text(user.nickname_color)],
    [t('partnerDetail.info.online'), user.online ? <span className="pa-online">{t('partnerDetail.info.isOnline')}</span> : t('partnerDetail.info.isOffline')],
    [t('partnerDetail.info.ip'), text(user.ip)],
    [t('partnerDetail.info.joinIp'), text(user.join_ip)],
    [t('partnerDetail.info.device'), text(user.device)],
    [t('partnerDetail.info.country'), text(user.country)],
    [t('partnerDetail.info.domain'), text(user.domain)],
    [t('partnerDetail.info.birthDate'), text(user.birth_date)],
    [t('partnerDetail.info.visitCount'), user.visit_count],
    [t('partnerDetail.info.createdAt'), when(user.created_at)],
    [t('partnerDetail.info.lastLogin'), when(user.last_login_at)],
    [t('partnerDetail.info.lastActivity'), when(user.last_activity_at)],
    [t('partnerDetail.info.lastCharge'), when(user.last_charge_at)],
    [t('partnerDetail.info.rateSum'), `${user.rate_sum}%`],
  ];
  const rows: [string, ReactNode][][] = [];
  for (let i = 0; i < fields.length; i += PER_ROW) rows.push(fields.slice(i, i + PER_ROW));
  return (
    <div className="pa-table-wrap">
      <table className="pa-table pa-table-kv pa-detail-kv" data-testid="pa-detail-info">
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {row.map(([label, value]) => (
                <FieldCells key={label} label={label} value={value} />
              ))}
            </tr>
          ))}
          {rates.length > 0 && (
            <tr>
              <th>{t('partnerDetail.info.rates')}</th>
              <td colSpan={PER_ROW * 2 - 1}>{rates.map(([k, v]) => `${rateLabel(k)} ${v}%`).join(' · ')}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function FieldCells({ label, value }: { label: string; value: ReactNode }) {
  return (
    <>
      <th>{label}</th>
      <td>{value}</td>
    </>
  );
}
