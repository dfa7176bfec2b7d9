/**
 * The statistics screens' view in the address bar (?from=…&to=…&page=…, plus a screen's own keys
 * such as gameType or roleName), so a reload or a shared link shows the same figures.
 */
export type StatView = { from: string; to: string; page: number };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The view of `params`, with `today` (the operator's day) where a date is missing or malformed. */
export function statViewOf(params: URLSearchParams, today: { from: string; to: string }): StatView {
  const from = params.get('from');
  const to = params.get('to');
  const page = Number(params.get('page'));
  const view = {
    from: from && DAY.test(from) ? from : today.from,
    to: to && DAY.test(to) ? to : today.to,
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
  // An upside-down range from a hand-edited link reads as the one day it starts on.
  if (view.to < view.from) view.to = view.from;
  return view;
}

/**
 * `params` with `patch` applied: empty values and page 1 are dropped, and any change other than
 * the page itself goes back to page 1 (new filters, new first page).
 */
export function withStatPatch(params: URLSearchParams, patch: Record<string, string | number | undefined>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined || value === '' || (key === 'page' && Number(value) <= 1)) next.delete(key);
    else next.set(key, String(value));
  }
  if (!('page' in patch)) next.delete('page');
  return next;
}
