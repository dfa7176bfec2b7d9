import { describe, expect, it } from 'vitest';
import { maySound, MEMBER_UNREAD_TARGETS, noticeDelay, PARTNER_UNREAD_TARGETS, UNREAD_DELAY_MS, unreadTarget } from './unread-gate.ts';

const targets = MEMBER_UNREAD_TARGETS;

describe('unread watcher rules (spec §4, §9)', () => {
  it('sends unread notes to the message box and unread answers to the inquiry box', () => {
    expect(unreadTarget({ messages: 1, replies: 0, pathname: '/', targets })).toBe('message');
    expect(unreadTarget({ messages: 0, replies: 2, pathname: '/board/notice', targets })).toBe('reply');
    expect(unreadTarget({ messages: 3, replies: 2, pathname: '/game/casino', targets })).toBe('message');
    expect(unreadTarget({ messages: 0, replies: 0, pathname: '/', targets })).toBeNull();
  });

  it('leaves the player alone on either inbox page', () => {
    expect(unreadTarget({ messages: 1, replies: 0, pathname: '/board/message', targets })).toBeNull();
    expect(unreadTarget({ messages: 0, replies: 1, pathname: '/board/customer', targets })).toBeNull();
    expect(unreadTarget({ messages: 1, replies: 1, pathname: '/board/customer', targets })).toBeNull();
  });

  it('sends an agent to /pa-message or /pa-customer, never out of either', () => {
    const pa = PARTNER_UNREAD_TARGETS;
    expect(unreadTarget({ messages: 1, replies: 1, pathname: '/pa-agent-user-list', targets: pa })).toBe('message');
    expect(unreadTarget({ messages: 0, replies: 1, pathname: '/pa', targets: pa })).toBe('reply');
    expect(PARTNER_UNREAD_TARGETS).toEqual({ message: '/pa-message', reply: '/pa-customer' });
    expect(unreadTarget({ messages: 1, replies: 0, pathname: '/pa-customer', targets: pa })).toBeNull();
    expect(unreadTarget({ messages: 0, replies: 1, pathname: '/pa-message', targets: pa })).toBeNull();
    // The member inboxes are not the partner's.
    expect(unreadTarget({ messages: 1, replies: 0, pathname: '/board/message', targets: pa })).toBe('message');
  });

  it('waits 1.5 s, and at least 15 s after the last confirmation', () => {
    expect(noticeDelay(null, 1_000_000)).toBe(UNREAD_DELAY_MS);
    expect(noticeDelay(1_000_000, 1_000_000)).toBe(15_000);
    expect(noticeDelay(1_000_000, 1_010_000)).toBe(5_000);
    expect(noticeDelay(1_000_000, 1_014_000)).toBe(UNREAD_DELAY_MS);
    expect(noticeDelay(1_000_000, 1_100_000)).toBe(UNREAD_DELAY_MS);
  });

  it('plays the sound at most once per 10 s and never while sound is off', () => {
    expect(maySound({ soundOff: false, lastPlayedAt: null, now: 0 })).toBe(true);
    expect(maySound({ soundOff: true, lastPlayedAt: null, now: 0 })).toBe(false);
    expect(maySound({ soundOff: false, lastPlayedAt: 1000, now: 10_999 })).toBe(false);
    expect(maySound({ soundOff: false, lastPlayedAt: 1000, now: 11_000 })).toBe(true);
  });
});
