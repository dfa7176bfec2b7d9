import { createContext, useContext, type ReactNode } from 'react';

/**
 * What the member shell shows from the features (money, betting, community), handed in by the
 * member root (member-app.tsx): the shell imports no feature, and no feature imports another.
 */
export type ShellSlots = {
  /** In the header for a signed-in player: the message box link with its unread count. */
  messageLink: ReactNode;
  /** Mounted once: the modals the header opens (profile and money, betting history). */
  modalHosts: ReactNode;
  /** Beside the main column: pop-ups and the unread-message watcher. */
  communityLayer: ReactNode;
  /** The community links of the side bar and of the mobile menu. */
  sideLinks: (props: { linkClass: string; iconSize?: number; onNavigate?: () => void }) => ReactNode;
  openProfile: () => void;
  /** Guests get the login modal instead (spec §2). */
  openBettingHistory: (isLoggedIn: boolean) => void;
};

const ShellSlotsContext = createContext<ShellSlots | null>(null);

export const ShellSlotsProvider = ShellSlotsContext.Provider;

export function useShellSlots(): ShellSlots {
  const slots = useContext(ShellSlotsContext);
  if (!slots) throw new Error('The member shell renders inside MemberShell, which is given its slots.');
  return slots;
}
