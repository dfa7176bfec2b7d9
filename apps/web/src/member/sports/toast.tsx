import { useSyncExternalStore } from 'react';

/** A short-lived message at the bottom of the sports pages (bet accepted, bet cancelled). */
type Toast = { id: number; text: string; tone: 'ok' | 'error' };

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const publish = (next: Toast[]) => {
  toasts = next;
  listeners.forEach((fn) => fn());
};

export function showToast(text: string, tone: Toast['tone'] = 'ok', ms = 3500): void {
  const id = nextId++;
  publish([...toasts, { id, text, tone }]);
  setTimeout(() => publish(toasts.filter((t) => t.id !== id)), ms);
}

export function Toasts() {
  const list = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => toasts,
  );
  if (list.length === 0) return null;
  return (
    <div className="sp-toasts" role="status" aria-live="polite">
      {list.map((t) => (
        <div key={t.id} className={`sp-toast is-${t.tone}`} data-testid="sports-toast">
          {t.text}
        </div>
      ))}
    </div>
  );
}
