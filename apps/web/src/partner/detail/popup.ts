/**
 * Spec §2: the member detail opens in its own 1400×980 window (/pa-user-detail?id=…), one window
 * per member, so a second click on the same id brings that window back instead of a new one.
 */
export function openUserDetail(id: number) {
  window.open(`/pa-user-detail?id=${id}`, `pa-user-detail-${id}`, 'width=1400,height=980,scrollbars=yes,resizable=yes');
}

/** A casino round's detail (/pa-casino-detail?id=…), a smaller popup of its own. */
export function openCasinoDetail(id: number) {
  window.open(`/pa-casino-detail?id=${id}`, `pa-casino-detail-${id}`, 'width=900,height=700,scrollbars=yes,resizable=yes');
}

/** The `id` query value as a positive number, or null. */
export function idParam(search: URLSearchParams): number | null {
  const id = Number(search.get('id'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
