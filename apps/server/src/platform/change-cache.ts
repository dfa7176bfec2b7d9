import { onChange, type Change } from './events.ts';

/**
 * Values that stay until a change notice drops them (platform/events.ts): a member's notice
 * drops that member's entries, an 'all' notice drops everything. A value loaded while a notice
 * for it arrived is returned but not kept, so a load racing a write never pins stale data.
 * `maxAgeMs` is a backstop for a write that forgot to announce itself.
 */
export type ChangeCache<T> = {
  get(home: object, key: string, now: number, load: () => Promise<{ value: T; member: string | null }>): Promise<T>;
  drop(home: object, key: string): void;
};

type Entry<T> = { value: T; member: string | null; at: number };
type Home<T> = { entries: Map<string, Entry<T>>; byMember: Map<string, Set<string>>; memberSeq: Map<string, number>; allSeq: number };

let seq = 0;
const caches: Array<(home: object, topic: Change['topic'], id?: string) => void> = [];
onChange((home, c) => {
  seq++;
  for (const fn of caches) fn(home, c.topic, c.id);
});

/** `opts.balances`: a member's balance notice drops their entries too (values that show balances). */
export function changeCache<T>(maxAgeMs: number, opts: { balances?: boolean } = {}): ChangeCache<T> {
  const homes = new WeakMap<object, Home<T>>();
  const homeOf = (home: object) => {
    let h = homes.get(home);
    if (!h) homes.set(home, (h = { entries: new Map(), byMember: new Map(), memberSeq: new Map(), allSeq: 0 }));
    return h;
  };
  caches.push((home, topic, id) => {
    const h = homes.get(home);
    if (!h || (topic === 'balance' && !opts.balances)) return;
    if (topic === 'all') {
      h.allSeq = seq;
      h.entries.clear();
      h.byMember.clear();
      h.memberSeq.clear();
    } else if (id !== undefined) {
      h.memberSeq.set(id, seq);
      for (const k of h.byMember.get(id) ?? []) h.entries.delete(k);
      h.byMember.delete(id);
    }
  });
  return {
    async get(home, key, now, load) {
      const h = homeOf(home);
      const hit = h.entries.get(key);
      if (hit && now - hit.at < maxAgeMs) return hit.value;
      const started = seq;
      const { value, member } = await load();
      const stale = h.allSeq > started || (member !== null && (h.memberSeq.get(member) ?? -1) > started);
      if (!stale) {
        h.entries.set(key, { value, member, at: now });
        if (member !== null) {
          let keys = h.byMember.get(member);
          if (!keys) h.byMember.set(member, (keys = new Set()));
          keys.add(key);
        }
      }
      return value;
    },
    drop(home, key) {
      homes.get(home)?.entries.delete(key);
    },
  };
}
