/**
 * Reads asked for in the same turn of the event loop share one statement (decision 012, fifth
 * pass): `run(keys)` answers one value per key, in order. Under light load a read goes alone a
 * tick later; under load one round trip serves every request that arrived together. A failed
 * run fails each of its callers. Per key space: make one with `coalescer(run)` and keep it.
 */
export function coalescer<K, V>(run: (keys: K[]) => Promise<V[]>, max = 200): (key: K) => Promise<V> {
  const waiting: { key: K; resolve: (v: V) => void; reject: (e: unknown) => void }[] = [];
  const flush = () => {
    const batch = waiting.splice(0, max);
    if (waiting.length > 0) setImmediate(flush);
    run(batch.map((w) => w.key)).then(
      (values) => batch.forEach((w, i) => w.resolve(values[i])),
      (e: unknown) => batch.forEach((w) => w.reject(e)),
    );
  };
  return (key) =>
    new Promise<V>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(flush);
      waiting.push({ key, resolve, reject });
    });
}
