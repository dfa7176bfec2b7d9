import type { TFunction } from 'i18next';
import type { DownlineRow } from '@wager/contracts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import { openUserDetail } from '../detail/popup.ts';
import { roleLabel } from '../role-label.ts';
import { formatDate } from '../../lib/date.ts';

/** The columns both downline lists share (id, account, nickname, tier, level, money, points, status, parent, created). */
export function downlineColumns(t: TFunction, lang: string): Column<DownlineRow>[] {
  return [
    {
      id: 'id',
      header: t('partnerDownline.col.id'),
      className: 'num',
      // Spec §2: the member's id opens its detail in a 1400×980 popup.
      cell: (r) => (
        <button type="button" className="pa-link" data-testid="pa-user-detail-link" onClick={() => openUserDetail(r.id)}>
          {r.id}
        </button>
      ),
    },
    { id: 'account', header: t('partnerDownline.col.account'), cell: (r) => r.account, className: 'strong' },
    { id: 'nickname', header: t('partnerDownline.col.nickname'), cell: (r) => r.nickname },
    { id: 'role', header: t('partnerDownline.col.role'), cell: (r) => roleLabel(t, r.role) },
    { id: 'level', header: t('partnerDownline.col.level'), cell: (r) => r.level, className: 'num' },
    { id: 'money', header: t('partnerDownline.col.money'), cell: (r) => formatMoney(r.money, lang), className: 'num' },
    { id: 'point', header: t('partnerDownline.col.point'), cell: (r) => formatPoints(r.point, lang), className: 'num' },
    { id: 'status', header: t('partnerDownline.col.status'), cell: (r) => t(`partnerDownline.statuses.${r.status}`) },
    { id: 'parent', header: t('partnerDownline.col.parent'), cell: (r) => r.parent_account ?? '-' },
    {
      id: 'created',
      header: t('partnerDownline.col.created'),
      // "26. 11. 27.": one short line at 1024 px.
      cell: (r) => formatDate(r.created_at),
      className: 'pa-nowrap',
    },
  ];
}
