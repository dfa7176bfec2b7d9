/**
 * Spec §4/§9 unread watcher rules, kept pure so they can be tested without timers:
 * unread notes send the reader to the message box, unread answers to the inquiry box,
 * 1.5 s after arriving elsewhere, at most once per 15 s after the last confirmation;
 * the sound plays at most once per 10 s and only while sound is on. The member site and the
 * partner shell use the same rules with their own inbox paths.
 */
export const UNREAD_DELAY_MS = 1500;
export const UNREAD_NOTICE_GAP_MS = 15_000;
export const UNREAD_SOUND_GAP_MS = 10_000;

export type UnreadKind = 'message' | 'reply';
export type UnreadTargets = Record<UnreadKind, string>;

/** The member site's inboxes (spec §4); the partner's are /pa-message and /pa-customer. */
export const MEMBER_UNREAD_TARGETS: UnreadTargets = { message: '/board/message', reply: '/board/customer' };
export const PARTNER_UNREAD_TARGETS: UnreadTargets = { message: '/pa-message', reply: '/pa-customer' };

/**
 * Where the reader should be sent, or null. Notes come first. On either inbox page nothing
 * is pushed: the reader is already there, and sending them from one inbox to the other
 * would bounce them back and forth.
 */
export function unreadTarget(input: { messages: number; replies: number; pathname: string; targets: UnreadTargets }): UnreadKind | null {
  if (Object.values(input.targets).includes(input.pathname)) return null;
  if (input.messages > 0) return 'message';
  if (input.replies > 0) return 'reply';
  return null;
}

/** How long to wait before the next notice: 1.5 s, or longer while the 15 s gap runs. */
export function noticeDelay(lastConfirmedAt: number | null, now: number): number {
  if (lastConfirmedAt === null) return UNREAD_DELAY_MS;
  return Math.max(UNREAD_DELAY_MS, lastConfirmedAt + UNREAD_NOTICE_GAP_MS - now);
}

export function maySound(input: { soundOff: boolean; lastPlayedAt: number | null; now: number }): boolean {
  if (input.soundOff) return false;
  return input.lastPlayedAt === null || input.now - input.lastPlayedAt >= UNREAD_SOUND_GAP_MS;
}
