import { createToastStore } from '../../ui/toast-store.ts';

/** A short-lived message at the bottom of the sports pages (bet accepted, bet cancelled). */
const store = createToastStore<{ tone: 'ok' | 'error' }>();

export function showToast(text: string, tone: 'ok' | 'error' = 'ok', ms = 3500): void {
  store.show(text, { tone }, ms);
}

export function Toasts() {
  const list = store.useToasts();
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
