import type { SystemContext } from '@wager/contracts';
import type { TFunction } from 'i18next';
import type { IconName } from '../../ui/icons.tsx';

export type NavItem = { to: string; label: string; icon: IconName };

/** Main game navigation; each family shows only when the site runs it (solution flags). */
export function gameNav(t: TFunction, context: SystemContext | undefined): NavItem[] {
  const items: NavItem[] = [];
  if (context?.use_sports) {
    items.push(
      { to: '/game/sports/cross', label: t('member.nav.sports'), icon: 'ball' },
      { to: '/game/europe-sports', label: t('member.nav.europe'), icon: 'ball' },
      { to: '/game/inplay', label: t('member.nav.inplay'), icon: 'live' },
      { to: '/game/sports/live', label: t('member.nav.live'), icon: 'live' },
    );
  }
  if (context?.use_casino) items.push({ to: '/game/casino', label: t('member.nav.casino'), icon: 'casino' });
  if (context?.use_slot) items.push({ to: '/game/slot', label: t('member.nav.slot'), icon: 'slot' });
  if (context?.use_minigame) items.push({ to: '/game/powerball/ntry/eos5', label: t('member.nav.minigame'), icon: 'dice' });
  return items;
}
