/** A read's page shaped for its call: the same total, each row through `shape` (dates to ISO, bigints to strings …). */
export const shapePage = <Row, Out>(page: { rows: readonly Row[]; total: number }, shape: (row: Row) => Out) => ({
  total: page.total,
  rows: page.rows.map(shape),
});
