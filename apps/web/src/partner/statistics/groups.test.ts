import { expect, test } from 'vitest';
import type { TFunction } from 'i18next';
import { allFigures, type AllFigures } from '@wager/contracts';
import { FIGURE_GROUPS, allFields, groupFields } from './groups.ts';
import { statExportColumns } from './stat-fields.tsx';

const t = ((key: string) => key) as unknown as TFunction;

/** A row whose every figure is a different number, so each sheet cell names the figure it came from. */
const keys = Object.keys(allFigures.shape) as (keyof AllFigures)[];
const row = Object.fromEntries(
  keys.map((k, i) => [k, k === 'payback_rate' ? `${i}.00` : allFigures.shape[k].safeParse(0).success ? i : String(i)]),
) as unknown as AllFigures;

test("the total screen's XLSX carries every figure of the contract but the valid stake (spec §3 statistics columns)", () => {
  const cells = statExportColumns(allFields(t, FIGURE_GROUPS)).map((c) => String(c.value(row)));
  const covered = keys.filter((k) => cells.some((cell) => cell === String(row[k]) || cell === `${String(row[k])}%`));
  // valid_amount is the rolling base, shown on the rolling screens instead.
  expect(keys.filter((k) => !covered.includes(k))).toEqual(['valid_amount']);
});

test('an amount with its count is one cell on screen and two sheet columns, each with its own header', () => {
  const betting = groupFields(t, 'betting');
  const columns = statExportColumns(betting.filter((f) => f.id === 'bet'));
  expect(columns.map((c) => c.header)).toEqual(['partnerStats.col.betAmount', 'partnerStats.col.betCount']);
  expect(columns.map((c) => c.value(row))).toEqual([row.bet_amount, row.bet_count]);
});
