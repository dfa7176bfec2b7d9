import { useSyncExternalStore } from 'react';

/**
 * Community modals (spec §2: community, inquiry creation, free-board post creation), reachable
 * from anywhere in the member tree. A form can open on top of the community modal, so the two
 * are kept apart.
 */
export type CommunityTab = 'message' | 'notice' | 'event' | 'inquiry' | 'board';
export type CommunityForm = { kind: 'inquiry'; subject: string } | { kind: 'post' };
type State = { tab: CommunityTab | null; form: CommunityForm | null };

let state: State = { tab: null, form: null };
const listeners = new Set<() => void>();

function set(next: Partial<State>) {
  state = { ...state, ...next };
  listeners.forEach((fn) => fn());
}

export const communityModal = {
  openCommunity(tab: CommunityTab = 'message') {
    set({ tab });
  },
  closeCommunity() {
    set({ tab: null });
  },
  openInquiry(subject = '') {
    set({ form: { kind: 'inquiry', subject } });
  },
  openPost() {
    set({ form: { kind: 'post' } });
  },
  closeForm() {
    set({ form: null });
  },
  closeAll() {
    set({ tab: null, form: null });
  },
};

export function useCommunityModal(): State {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => state,
  );
}
