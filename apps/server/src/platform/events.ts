/**
 * In-process change notices: a writer says "what this member sees changed" after its
 * transaction commits, and caches (the context poll) drop what they hold. Platform code, so
 * modules can talk through it without importing each other. `home` is the database the change
 * happened in (`homeOf(sql)`), so several databases in one process (tests) stay apart.
 * With REDIS_URL the notices are also relayed between processes (see `relayChanges`).
 */
export type Change = { topic: 'member' | 'all'; id?: string };
type Listener = (home: object, change: Change) => void;

const listeners = new Set<Listener>();
let relay: ((home: object, change: Change) => void) | null = null;

export function onChange(fn: Listener) {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

/** Delivers a change to this process's listeners (and other processes when relayed). */
export function notifyChange(home: object, change: Change) {
  for (const fn of listeners) fn(home, change);
  relay?.(home, change);
}

/** Delivers a change received from another process (no re-relay). */
export function receiveChange(home: object, change: Change) {
  for (const fn of listeners) fn(home, change);
}

export function setChangeRelay(fn: ((home: object, change: Change) => void) | null) {
  relay = fn;
}
