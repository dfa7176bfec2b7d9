import { useSyncExternalStore } from 'react';

/** Which money modal is open (profile, egg conversion); reachable from the header and the mobile menu. */
type MoneyModal = 'profile' | 'egg' | null;

let state: MoneyModal = null;
const listeners = new Set<() => void>();

function set(next: MoneyModal) {
  state = next;
  listeners.forEach((fn) => fn());
}

export const moneyModal = {
  openProfile: () => set('profile'),
  openEgg: () => set('egg'),
  close: () => set(null),
};

export function useMoneyModal(): MoneyModal {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => state,
  );
}
