/**
 * The bet slip store: one for every sports page, so the folders survive navigation between
 * boards; kept in sessionStorage for a reload and emptied when the player's token goes (spec §4:
 * logout resets the betting folders).
 */
import { useSyncExternalStore } from 'react';
import { getToken, subscribeTokens } from '../../api/tokens.ts';
import { readSession, writeSession } from '../../lib/storage.ts';
import { EMPTY_SLIP, type SlipState } from './slip-rules.ts';

const KEY = 'sports_slip';
let state: SlipState = load();
const listeners = new Set<() => void>();

function load(): SlipState {
  const raw = readSession(KEY);
  if (!raw || !getToken('player')) return EMPTY_SLIP;
  try {
    const parsed = JSON.parse(raw) as SlipState;
    return Array.isArray(parsed.picks) && typeof parsed.stake === 'string' ? parsed : EMPTY_SLIP;
  } catch {
    return EMPTY_SLIP;
  }
}

export function setSlip(next: SlipState | ((s: SlipState) => SlipState)): void {
  const value = typeof next === 'function' ? next(state) : next;
  if (value === state) return;
  state = value;
  writeSession(KEY, JSON.stringify(state));
  listeners.forEach((fn) => fn());
}

export function getSlip(): SlipState {
  return state;
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function useSlip(): SlipState {
  return useSyncExternalStore(subscribe, getSlip);
}

// Logout (or a forced one) clears the token: the folders go with it.
subscribeTokens((audience) => {
  if (audience === 'player' && !getToken('player')) setSlip(EMPTY_SLIP);
});

/** Whether one outcome is in the slip; a button re-renders only when its own answer changes. */
export function usePicked(outcomeId: number): boolean {
  return useSyncExternalStore(subscribe, () => state.picks.some((p) => p.outcomeId === outcomeId));
}

/** A fresh idempotency key per placement; falls back where randomUUID needs a secure context. */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
