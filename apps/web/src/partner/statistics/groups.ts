import type { TFunction } from 'i18next';
import type { AllFigures, BetFigures, DeskFigures } from '@wager/contracts';
import { betFields, deskFields, holdingFields, poleFields } from './field-sets.ts';
import type { StatField } from './stat-fields.tsx';

/**
 * Spec §3 lists some thirty figures; at 1024 px a table shows about ten columns, so the total and
 * day screens show one group at a time (tabs) and put every group in their XLSX.
 * Holdings are "now", not of a period: only the total screen (per lower) has them.
 */
export const PERIOD_GROUPS = ['betting', 'settlement', 'desk'] as const;
export const FIGURE_GROUPS = [...PERIOD_GROUPS, 'holdings'] as const;
export type PeriodGroup = (typeof PERIOD_GROUPS)[number];
export type FigureGroup = (typeof FIGURE_GROUPS)[number];
export type PeriodFigures = BetFigures & DeskFigures;

/** The group named in the address bar, or the first of `groups`. */
export function groupOf<G extends string>(groups: readonly G[], value: string | null): G {
  return groups.find((g) => g === value) ?? groups[0];
}

/** The fields of one period group. */
export function periodFields(t: TFunction, group: PeriodGroup): StatField<PeriodFigures>[] {
  const bet = betFields(t);
  const pick = (ids: string[]) => ids.map((id) => bet.find((f) => f.id === id)!);
  switch (group) {
    case 'betting':
      return pick(['bet', 'win', 'lose', 'bettors', 'payback', 'betting_pl']);
    case 'settlement':
      return [...poleFields(t), ...pick(['rolling', 'losing', 'loss_fee', 'settlement'])];
    case 'desk':
      return deskFields(t);
  }
}

export function groupFields(t: TFunction, group: FigureGroup): StatField<AllFigures>[] {
  return group === 'holdings' ? holdingFields(t) : periodFields(t, group);
}

/** Every group's fields, for a sheet. */
export const allFields = (t: TFunction, groups: readonly FigureGroup[]) => groups.flatMap((g) => groupFields(t, g));
export const allPeriodFields = (t: TFunction) => PERIOD_GROUPS.flatMap((g) => periodFields(t, g));
