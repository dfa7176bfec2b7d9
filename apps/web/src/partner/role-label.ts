import type { TFunction } from 'i18next';
import { ROLES } from '@wager/contracts';

/** Spec §6: known tiers are translated, unknown role names pass through unchanged. */
export function roleLabel(t: TFunction, name: string): string {
  const known = ROLES.find((r) => r.name === name);
  return known ? t(`roles.${known.name}`) : name;
}
