import type { WebAudience } from './audience.ts';

/**
 * The client reports what it cannot handle itself; each audience tree decides the UI
 * (alert and login modal for players, confirm and /pa-login for agents, /admin/login for admins).
 */
export type SessionExpiredHandler = (audience: WebAudience, reason: SessionEndReason) => void;
/** Why the session ended: expired (idle, revoked) or the player's own session-time limit (decision 057). */
export type SessionEndReason = 'expired' | 'session_limit';

const handlers: Partial<Record<WebAudience, SessionExpiredHandler>> = {};

export function onSessionExpired(audience: WebAudience, handler: SessionExpiredHandler): () => void {
  handlers[audience] = handler;
  return () => {
    if (handlers[audience] === handler) delete handlers[audience];
  };
}

export function emitSessionExpired(audience: WebAudience, reason: SessionEndReason = 'expired'): void {
  handlers[audience]?.(audience, reason);
}
