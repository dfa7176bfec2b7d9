import { createToastStore } from '../ui/toast-store.ts';

/**
 * The agent shell's two toasts (spec §2 global modals: bottom toast and top-centre toast). Errors
 * of the account forms go to the top centre (spec §8); successes to the bottom.
 */
type Place = 'top' | 'bottom';
const store = createToastStore<{ place: Place }>();

export function showToast(text: string, place: Place = 'bottom', ms = 3000): void {
  store.show(text, { place }, ms);
}

export function PartnerToasts() {
  const list = store.useToasts();
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
