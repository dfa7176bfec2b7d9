/**
 * In-process publish/subscribe for server push (SSE streams of odds, scores, draws). Topics
 * are plain strings ("sports", "minigame:eos5" …); `home` is the database the change belongs
 * to (`homeOf(sql)`), so several databases in one process (tests) never mix. Publish after
 * the transaction commits (`afterCommit`), so nobody is told about a change that rolled back.
 * With REDIS_URL, `relayPush` carries messages between server processes (like events.ts).
 */
type Listener = (topic: string, payload: unknown) => void;

const hubs = new WeakMap<object, Map<string, Set<Listener>>>();
let relay: ((home: object, topic: string, payload: unknown) => void) | null = null;

function deliver(home: object, topic: string, payload: unknown) {
  const subs = hubs.get(home)?.get(topic);
  if (!subs) return;
  for (const fn of [...subs]) {
    try {
      fn(topic, payload);
    } catch {
      // one broken subscriber (a closed socket) never stops the others
    }
  }
}

/** Sends `payload` to every subscriber of `topic` in this process (and others when relayed). */
export function publish(home: object, topic: string, payload: unknown) {
  deliver(home, topic, payload);
  relay?.(home, topic, payload);
}

/** Listens to topics; returns the function that stops listening. */
export function subscribe(home: object, topics: string[], fn: Listener): () => void {
  let byTopic = hubs.get(home);
  if (!byTopic) hubs.set(home, (byTopic = new Map()));
  for (const t of topics) {
    let set = byTopic.get(t);
    if (!set) byTopic.set(t, (set = new Set()));
    set.add(fn);
  }
  return () => {
    for (const t of topics) {
      const set = byTopic.get(t);
      set?.delete(fn);
      if (set?.size === 0) byTopic.delete(t);
    }
  };
}

/** How many listeners a topic has (publishers may skip building payloads nobody reads). */
export function subscriberCount(home: object, topic: string) {
  return hubs.get(home)?.get(topic)?.size ?? 0;
}

/**
 * Relays published messages between processes over Redis pub/sub (channel `wager:push`); a
 * process ignores its own. Returns a function that stops the relay.
 */
export async function relayPush(redisUrl: string, home: object, processId: string) {
  const { Redis } = await import('ioredis');
  const pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const sub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  // Connection errors are not crashes: ioredis reconnects (and resubscribes) by itself.
  pub.on('error', () => {});
  sub.on('error', () => {});
  const channel = 'wager:push';
  await sub.subscribe(channel);
  sub.on('message', (_ch: string, raw: string) => {
    try {
      const m = JSON.parse(raw) as { from: string; topic: string; payload: unknown };
      if (m.from !== processId) deliver(home, m.topic, m.payload);
    } catch {
      // a foreign message on our channel is ignored
    }
  });
  relay = (h, topic, payload) => {
    if (h === home) pub.publish(channel, JSON.stringify({ from: processId, topic, payload })).catch(() => {});
  };
  return async () => {
    relay = null;
    sub.disconnect();
    pub.disconnect();
  };
}
