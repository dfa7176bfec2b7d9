import { describe, expect, it } from 'vitest';
import { parseCsv, rowsFromTable, SheetError, sampleXlsx } from './import-sheet.ts';

describe('member import sheet', () => {
  it('parses CSV with a BOM, quotes, doubled quotes, commas and line breaks inside, CRLF', () => {
    expect(parseCsv('\uFEFFaccount,nickname\r\n"a,1","say ""hi""\nthere"\r\nb,c\n')).toEqual([
      ['account', 'nickname'],
      ['a,1', 'say "hi"\nthere'],
      ['b', 'c'],
    ]);
  });

  it('maps columns by header in any order, skips blank rows, keeps cells as text', () => {
    const rows = rowsFromTable([
      ['Nickname', 'account', 'extra', 'phone'],
      ['n1', 'a1', 'x', '01012345678'],
      ['', '', '', ''],
      ['n2', 'a2', '', ''],
    ]);
    expect(rows).toEqual([
      { account: 'a1', nickname: 'n1', phone: '01012345678' },
      { account: 'a2', nickname: 'n2' },
    ]);
  });

  it('refuses a sheet without the account header, or without rows', () => {
    expect(() => rowsFromTable([['name'], ['x']])).toThrow(SheetError);
    expect(() => rowsFromTable([['account']])).toThrow(expect.objectContaining({ reason: 'empty' }));
  });

  it('the sample file reads back as its two members, the phone keeping its leading zero', async () => {
    const bytes = await sampleXlsx();
    const Excel = (await import('exceljs')).default;
    const book = new Excel.Workbook();
    await book.xlsx.load(bytes);
    const sheet = book.worksheets[0];
    const table: string[][] = [];
    sheet.eachRow((row, n) => {
      table[n - 1] = Array.from({ length: sheet.columnCount }, (_, i) => row.getCell(i + 1).text);
    });
    const rows = rowsFromTable(table);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ account: 'member001', phone: '01012345678', parent_code: 'shop1', level: '1' });
    expect(rows[1].password).toBeUndefined();
  });
});
