import { useSearchParams } from 'react-router';
import { todayRange } from '../../ui/backoffice/date-range.tsx';

/**
 * A list's filters kept in the address bar (a reload or a shared link shows the same rows): the
 * period (today by default, spec §8), the page and the screen's own keys.
 */
export function useUrlFilters<K extends string>(keys: readonly K[]) {
  const [params, setParams] = useSearchParams();
  const today = todayRange();
  const values = Object.fromEntries(keys.map((k) => [k, params.get(k) ?? ''])) as Record<K, string>;
  const from = params.get('from') ?? today.from;
  const to = params.get('to') ?? today.to;
  const page = Math.max(1, Number(params.get('page')) || 1);
  /** Changes some filters and goes back to page 1 (or to `page` when that is what changes). */
  const set = (patch: Partial<Record<K | 'from' | 'to' | 'page', string>>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(patch) as [string, string | undefined][]) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        if (!('page' in patch)) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return { values, from, to, page, set };
}
