import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { showAlert } from '../../../ui/dialog.tsx';
import { useMember } from '../../session.tsx';
import { isSoundOff, playNoticeSound } from '../lib/sound.ts';
import { maySound, noticeDelay, UNREAD_TARGETS, unreadTarget } from '../lib/unread-gate.ts';

/**
 * Spec §4 unread messages: with unread notes (or unread answers) and the player elsewhere,
 * a notice appears after 1.5 s and takes them to the message box (or the inquiry box); at most
 * once per 15 s after the last confirmation. A chime plays at most once per 10 s, sound on.
 */
export function UnreadWatcher() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { context, isLoggedIn } = useMember();
  const messages = isLoggedIn ? (context?.unread_message_total ?? 0) : 0;
  const replies = isLoggedIn ? (context?.unread_reply_total ?? 0) : 0;
  const target = unreadTarget({ messages, replies, pathname });

  const latest = useRef({ messages, replies });
  latest.current = { messages, replies };
  const lastConfirmedAt = useRef<number | null>(null);
  const lastSoundAt = useRef<number | null>(null);
  const showing = useRef(false);
  const alive = useRef(true);
  const [round, setRound] = useState(0);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const chime = () => {
    const now = Date.now();
    if (!maySound({ soundOff: isSoundOff(), lastPlayedAt: lastSoundAt.current, now })) return;
    lastSoundAt.current = now;
    playNoticeSound();
  };

  // Something new arrived (also while the player sits in an inbox): chime.
  const total = messages + replies;
  const previousTotal = useRef(total);
  useEffect(() => {
    if (total > previousTotal.current) chime();
    previousTotal.current = total;
  }, [total]);

  useEffect(() => {
    if (!target || showing.current) return;
    const timer = window.setTimeout(
      () => {
        showing.current = true;
        chime();
        void showAlert(t(target === 'message' ? 'community.unread.message' : 'community.unread.reply')).then(() => {
          showing.current = false;
          if (!alive.current) return; // logged out while the notice was open
          lastConfirmedAt.current = Date.now();
          const stillUnread = target === 'message' ? latest.current.messages > 0 : latest.current.replies > 0;
          if (stillUnread) void navigate(UNREAD_TARGETS[target]);
          setRound((r) => r + 1);
        });
      },
      noticeDelay(lastConfirmedAt.current, Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [target, round, t, navigate]);

  return null;
}
