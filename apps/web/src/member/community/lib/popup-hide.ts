/**
 * Spec §4/§9 pop-up hiding: "close" hides a pop-up for 60 minutes, "don't show today" until
 * the next local midnight. Kept in localStorage as { [popupId]: hiddenUntilEpochMs }.
 */
export const POPUP_HIDDEN_KEY = 'popupHidden';
export const POPUP_CLOSE_MS = 60 * 60 * 1000;

export type PopupHideMode = 'close' | 'today';
export type HiddenPopups = Record<string, number>;

/** The next local midnight after `now` (the start of tomorrow in the browser's time zone). */
export function nextLocalMidnight(now: Date): number {
  const d = new Date(now.getTime());
  d.setHours(24, 0, 0, 0);
  return d.getTime();
}

export function hideUntil(mode: PopupHideMode, now: Date): number {
  return mode === 'close' ? now.getTime() + POPUP_CLOSE_MS : nextLocalMidnight(now);
}

/** Reads the stored map; anything malformed counts as "nothing hidden". */
export function parseHiddenPopups(raw: string | null): HiddenPopups {
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    const out: HiddenPopups = {};
    for (const [id, until] of Object.entries(parsed)) if (typeof until === 'number' && Number.isFinite(until)) out[id] = until;
    return out;
  } catch {
    return {};
  }
}

export function isPopupHidden(hidden: HiddenPopups, id: number, now: Date): boolean {
  const until = hidden[String(id)];
  return until !== undefined && until > now.getTime();
}

export function visiblePopups<T extends { id: number }>(popups: readonly T[], hidden: HiddenPopups, now: Date): T[] {
  return popups.filter((p) => !isPopupHidden(hidden, p.id, now));
}

/** Adds one pop-up and drops entries that have run out, so the stored map never grows. */
export function hidePopup(hidden: HiddenPopups, id: number, mode: PopupHideMode, now: Date): HiddenPopups {
  const out: HiddenPopups = {};
  for (const [key, until] of Object.entries(hidden)) if (until > now.getTime()) out[key] = until;
  out[String(id)] = hideUntil(mode, now);
  return out;
}
