import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, type ExportColumn } from './export-xlsx.tsx';

type Row = { account: string; phone: string; money: string; points: bigint; rate: number; memo: string | null };

const columns: ExportColumn<Row>[] = [
  { header: '아이디', value: (r) => r.account },
  { header: '전화', value: (r) => r.phone, text: true },
  { header: '보유금', value: (r) => r.money },
  { header: '포인트', value: (r) => r.points },
  { header: '요율', value: (r) => r.rate },
  { header: '메모', value: (r) => r.memo },
];

const rows: Row[] = [
  { account: 'shop01', phone: '01012345678', money: '1500000', points: 25n, rate: 1.5, memo: null },
  { account: 'user02', phone: '01099998888', money: '-3000', points: 0n, rate: 0, memo: '메모 하나' },
];

async function readBack(bytes: ArrayBuffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes);
  return book.worksheets[0]!;
}

describe('buildXlsx', () => {
  it('writes a bold header, money strings and bigints as numbers with a thousands format, and a bold totals row last', async () => {
    const totals: Row = { account: '합계', phone: '', money: '1497000', points: 25n, rate: 0, memo: null };
    const ws = await readBack(await buildXlsx({ filename: 'members', sheet: '회원', columns, rows, totals }));

    expect(ws.name).toBe('회원');
    expect(ws.getRow(1).values).toEqual([undefined, '아이디', '전화', '보유금', '포인트', '요율', '메모']);
    expect(ws.getRow(1).font?.bold).toBe(true);

    const first = ws.getRow(2);
    expect(first.getCell(1).value).toBe('shop01');
    expect(first.getCell(2).value).toBe('01012345678');
    expect(first.getCell(3).value).toBe(1500000);
    expect(first.getCell(3).numFmt).toBe('#,##0');
    expect(first.getCell(4).value).toBe(25);
    expect(first.getCell(5).value).toBe(1.5);
    expect(first.getCell(6).value).toBeNull();
    expect(ws.getRow(3).getCell(3).value).toBe(-3000);
    expect(ws.getRow(3).getCell(6).value).toBe('메모 하나');

    expect(ws.rowCount).toBe(4);
    const last = ws.getRow(4);
    expect(last.getCell(1).value).toBe('합계');
    expect(last.getCell(3).value).toBe(1497000);
    expect(last.font?.bold).toBe(true);
    expect(ws.getRow(3).font?.bold).toBeFalsy();
  });

  it('fits each column to its widest text and loads rows from a loader', async () => {
    const ws = await readBack(await buildXlsx({ filename: 'x', columns, rows: () => Promise.resolve(rows) }));
    expect(ws.rowCount).toBe(3);
    // "1,500,000" is 9 wide; Hangul "메모 하나" counts two per syllable (9).
    expect(ws.getColumn(3).width).toBe(11);
    expect(ws.getColumn(6).width).toBe(11);
    expect(ws.getColumn(2).width).toBe(13);
  });

  it('keeps leading-zero digits and amounts beyond 2^53 exact as text', async () => {
    const big: Row = { ...rows[0]!, account: '007', money: '90071992547409930' };
    const ws = await readBack(await buildXlsx({ filename: 'x', columns, rows: [big] }));
    expect(ws.getRow(2).getCell(1).value).toBe('007');
    expect(ws.getRow(2).getCell(3).value).toBe('90071992547409930');
  });
});
