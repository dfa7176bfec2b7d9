import { useSyncExternalStore } from 'react';

/**
 * The agent shell's two toasts (spec §2 global modals: bottom toast and top-centre toast). Errors
 * of the account forms go to the top centre (spec §8); successes to the bottom.
 */
type Toast = { id: number; text: string; place: 'top' | 'bottom' };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: Toast[]) => {
  toasts = next;
  listeners.forEach((fn) => fn());
};

export function showToast(text: string, place: Toast['place'] = 'bottom', ms = 3000): void {
  const id = nextId++;
  publish([...toasts, { id, text, place }]);
  setTimeout(() => publish(toasts.filter((t) => t.id !== id)), ms);
}

export function PartnerToasts() {
  const list = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => toasts,
  );
  return (
    <>
      {(['top', 'bottom'] as const).map((place) => {
        const shown = list.filter((t) => t.place === place);
        if (shown.length === 0) return null;
        return (
          <div key={place} className={`pa-toasts pa-toasts-${place}`} role="status" aria-live="polite">
            {shown.map((t) => (
              <div key={t.id} className="pa-toast" data-testid={`pa-toast-${place}`}>
                {t.text}
              </div>
            ))}
          </div>
        );
      })}
    </>
  );
}
