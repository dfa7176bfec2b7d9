/**
 * In-process change notices: a writer says "what this member sees changed" after its
 * transaction commits, and caches (the context poll) drop what they hold. Platform code, so
 * modules can talk through it without importing each other. `home` is the database the change
 * happened in (`homeOf(sql)`), so several databases in one process (tests) stay apart.
 * With REDIS_URL the notices are also relayed between processes (see `relayChanges`).
 */
/**
 * 'member': something about that member changed (drops everything cached for them, session
 * included); 'balance': only their balances moved (drops what shows balances, e.g. the context
 * poll, not the session); 'all': anything may have changed.
 */
export type Change =
  | { topic: 'member' | 'balance' | 'all'; id?: string }
  /** Sports fixtures changed (ids; `names`: leagues or teams too; `full`: reload everything), for every process's catalogue (decision 060). */
  | { topic: 'fixtures'; id?: undefined; ids: string[]; names: boolean; full?: boolean };
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

/**
 * Relays change notices between server processes over Redis pub/sub, so a posting or a
 * revocation in one process drops the caches of all. A process ignores its own messages.
 * Returns a function that stops the relay.
 */
export async function relayChanges(redisUrl: string, home: object, processId: string) {
  const { Redis } = await import('ioredis');
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const sub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  // Connection errors are not crashes: ioredis reconnects (and resubscribes) by itself.
  pub.on('error', () => {});
  sub.on('error', () => {});
  // Notices sent while the link was down are lost: after a reconnect, drop every cache here.
  let connected = 0;
  sub.on('ready', () => {
    if (connected++ > 0) receiveChange(home, { topic: 'all' });
  });
  const channel = 'wager:changes';
  await sub.subscribe(channel);
  sub.on('message', (_ch: string, raw: string) => {
    try {
      // `change`: one notice, as a process of the previous release sends it during a rolling restart.
      const m = JSON.parse(raw) as { from: string; changes?: Change[]; change?: Change };
      if (m.from === processId) return;
      for (const c of m.changes ?? (m.change ? [m.change] : [])) receiveChange(home, c);
    } catch {
      // a foreign message on our channel is ignored
    }
  });
  // The notices of one turn of the event loop go as one message: a batch of bets is a notice per
  // member, and a message each was a publish and a delivery to every process per bet (decision 062).
  let pending: Change[] = [];
  const flush = () => {
    const changes = pending;
    pending = [];
    pub.publish(channel, JSON.stringify({ from: processId, changes })).catch(() => {});
  };
  setChangeRelay((h, change) => {
    if (h !== home) return;
    if (pending.length === 0) setImmediate(flush);
    pending.push(change);
  });
  return async () => {
    setChangeRelay(null);
    sub.disconnect();
    pub.disconnect();
  };
}
