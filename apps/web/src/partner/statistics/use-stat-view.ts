import { useSearchParams } from 'react-router';
import { todayRange } from '../../ui/backoffice/date-range.tsx';
import { statViewOf, withStatPatch, type StatView } from './stat-view.ts';

/** The screen's view from the address bar, and a setter that writes a patch of it back (replacing the entry). */
export function useStatView(): StatView & { param: (key: string) => string | null; set: (patch: Record<string, string | number | undefined>) => void } {
  const [params, setParams] = useSearchParams();
  const view = statViewOf(params, todayRange());
  return {
    ...view,
    param: (key) => params.get(key),
    set: (patch) => setParams((current) => withStatPatch(current, patch), { replace: true }),
  };
}
