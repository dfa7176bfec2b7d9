import { OPERATING_CURRENCIES } from '@wager/contracts/constants';
import type { Field } from './fields.ts';

const LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;
const toggle = (path: string): Field => ({ kind: 'toggle', path });
const num = (path: string, more: { nullable?: boolean; decimal?: boolean } = {}): Field => ({ kind: 'number', path, ...more });

/**
 * Every settings screen (spec §2 admin list, §3 "Other settings"): its id (route
 * /admin/settings/<id>, i18n adminSettings.screens.<id>) and its fields. The sound screen
 * has its own page (uploads); the others are drawn from these lists.
 */
export const SETTINGS_SCREENS: { id: string; fields: readonly Field[] }[] = [
  {
    id: 'site',
    fields: [
      toggle('use_casino'),
      toggle('use_slot'),
      toggle('use_sports'),
      toggle('use_minigame'),
      toggle('is_seamless'),
      toggle('use_exchange_password'),
      toggle('users_can_change_password'),
      toggle('agents_can_create_lower'),
      { kind: 'select', path: 'currency', options: OPERATING_CURRENCIES },
      num('session_idle_minutes'),
      num('timezone_offset_minutes'),
      num('high_bet_amount'),
      toggle('cashout.enabled'),
      num('cashout.margin_percent', { decimal: true }),
    ],
  },
  {
    id: 'maintenance',
    fields: [
      toggle('inspection.is_disabled'),
      { kind: 'text', path: 'inspection.memo', multiline: true },
      toggle('agent_inspection.is_disabled'),
      { kind: 'text', path: 'agent_inspection.memo', multiline: true },
    ],
  },
  {
    id: 'registration',
    fields: [
      toggle('use_user_join'),
      toggle('join_auto_approve'),
      toggle('partner_signup'),
      { kind: 'select', path: 'join_level', options: LEVELS },
      num('signup_points'),
    ],
  },
  {
    id: 'charge-bonus',
    fields: [
      { kind: 'select', path: 'charge_points.digits', options: [1, 2] },
      num('charge_points.first_percent', { decimal: true }),
      num('charge_points.each_percent', { decimal: true }),
    ],
  },
  {
    id: 'payout-points',
    fields: ['sports', 'minigame', 'casino', 'slot'].map((g) => num(`max_payout_points.${g}`, { nullable: true })),
  },
  { id: 'duplicate-login', fields: [toggle('duplicate_login.user'), toggle('duplicate_login.agent'), toggle('duplicate_login.admin')] },
  {
    id: 'bank-limits',
    fields: [
      num('charge.min'),
      num('charge.max', { nullable: true }),
      num('charge.unit', { nullable: true }),
      num('charge.delay_seconds'),
      toggle('charge.require_exchange_password'),
      num('exchange.min'),
      num('exchange.max', { nullable: true }),
      num('exchange.unit', { nullable: true }),
      num('exchange.interval_minutes'),
      num('exchange.daily_count', { nullable: true }),
      { kind: 'text', path: 'exchange.blackout_start', placeholder: 'HH:MM' },
      { kind: 'text', path: 'exchange.blackout_end', placeholder: 'HH:MM' },
    ],
  },
  {
    id: 'points',
    fields: [num('point_conversion.min'), num('point_conversion.unit'), { kind: 'select', path: 'egg_min_level', options: LEVELS }],
  },
  {
    id: 'rolling',
    fields: [
      { kind: 'select', path: 'rolling_decimals', options: [0, 1, 2, 3, 4] },
      { kind: 'select', path: 'rolling_credit', options: ['settlement', 'placement'] },
      // The support rate an account is created without (decision 043).
      num('support_rate', { decimal: true }),
    ],
  },
  { id: 'empty-betting', fields: [toggle('empty_betting.blocked'), num('empty_betting.min_deposit_total')] },
  // Player protection (issue 23, decision 058).
  { id: 'protection', fields: [num('reality_check_minutes'), num('minimum_age'), toggle('withdrawals_require_verified_identity')] },
  {
    id: 'skin',
    fields: [
      { kind: 'select', path: 'agent_theme', options: ['A', 'B'] },
      { kind: 'select', path: 'admin_skin', options: ['A', 'B'] },
    ],
  },
  { id: 'dark-mode', fields: [toggle('admin_dark_mode')] },
  { id: 'receipt-printer', fields: [toggle('receipt_printer')] },
];
