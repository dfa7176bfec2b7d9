/** An XLSX holds the whole filter, not the page on screen, up to this many rows. */
export const EXPORT_CAP = 5000;

/**
 * Every row of a paged call: asks page after page (skip = rows so far, whatever the server's page
 * size) until `total` rows, an empty page or `cap` rows are in.
 */
export async function collectPages<Row>(fetchPage: (skip: number) => Promise<{ rows: Row[]; total: number }>, cap = EXPORT_CAP): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const page = await fetchPage(rows.length);
    rows.push(...page.rows);
    if (page.rows.length === 0 || rows.length >= Math.min(page.total, cap)) return rows.slice(0, cap);
  }
}
