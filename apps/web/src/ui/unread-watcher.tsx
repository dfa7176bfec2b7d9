import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isSoundOff, playNoticeSound } from '../lib/sound.ts';
import { maySound, noticeDelay, unreadTarget, type UnreadKind, type UnreadTargets } from '../lib/unread-gate.ts';
import { showAlert } from './dialog.tsx';

type Props = {
  messages: number;
  replies: number;
  /** The two inboxes of the site: the member's /board/… or the partner's /pa-… pages. */
  targets: UnreadTargets;
  /** The notice shown before going to each inbox, in the reader's language. */
  texts: Record<UnreadKind, string>;
};

/**
 * Spec §4 unread messages: with unread notes (or unread answers) and the reader elsewhere,
 * a notice appears after 1.5 s and takes them to the message box (or the inquiry box); at most
 * once per 15 s after the last confirmation. A chime plays at most once per 10 s, sound on.
 * Mounted once by the member site and once by the partner shell.
 */
export function UnreadWatcher({ messages, replies, targets, texts }: Props) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const target = unreadTarget({ messages, replies, pathname, targets });

  const latest = useRef({ messages, replies, targets, texts });
  latest.current = { messages, replies, targets, texts };
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

  // Something new arrived (also while the reader sits in an inbox): chime.
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
        void showAlert(latest.current.texts[target]).then(() => {
          showing.current = false;
          if (!alive.current) return; // logged out while the notice was open
          lastConfirmedAt.current = Date.now();
          const stillUnread = target === 'message' ? latest.current.messages > 0 : latest.current.replies > 0;
          if (stillUnread) void navigate(latest.current.targets[target]);
          setRound((r) => r + 1);
        });
      },
      noticeDelay(lastConfirmedAt.current, Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [target, round, navigate]);

  return null;
}
