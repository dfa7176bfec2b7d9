import { useSyncExternalStore } from 'react';

/** Login/join modal state, reachable from outside React (the session-expired handler opens it). */
type State = { modal: 'login' | 'join' | null; next: string | null };

let state: State = { modal: null, next: null };
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  listeners.forEach((fn) => fn());
}

export const authModal = {
  openLogin(next: string | null = null) {
    set({ modal: 'login', next });
  },
  openJoin() {
    set({ modal: 'join', next: null });
  },
  close() {
    set({ modal: null, next: null });
  },
  get: () => state,
};

export function useAuthModal(): State {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => state,
  );
}
