import { IMPORT_COLUMNS, IMPORT_MAX_ROWS, type ImportRow } from '@wager/contracts';
import { buildXlsx } from '../../ui/backoffice/export-xlsx.tsx';

/** Why a file gives no rows; the screen words each in the reader's language. */
export class SheetError extends Error {
  constructor(readonly reason: 'noSheet' | 'noHeader' | 'empty' | 'tooMany' | 'unreadable') {
    super(reason);
  }
}

/** RFC 4180 CSV: quoted fields with doubled quotes and line breaks inside, CRLF or LF, a leading BOM. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const src = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < src.length; i++) {
    const ch = src[i];
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/**
 * The header row names the columns (the sample file's keys, in any order, unknown ones ignored);
 * every later row that is not blank is one member. Cells stay text: the server checks each.
 */
export function rowsFromTable(table: string[][]): ImportRow[] {
  const header = (table[0] ?? []).map((h) => h.trim().toLowerCase());
  const index = IMPORT_COLUMNS.map((c) => header.indexOf(c));
  if (!index.some((i) => i >= 0) || index[IMPORT_COLUMNS.indexOf('account')] < 0) throw new SheetError('noHeader');
  const rows: ImportRow[] = [];
  for (const cells of table.slice(1)) {
    if (cells.every((c) => c.trim() === '')) continue;
    const row: ImportRow = {};
    IMPORT_COLUMNS.forEach((c, k) => {
      const v = index[k] >= 0 ? (cells[index[k]] ?? '') : '';
      if (v !== '') row[c] = v.slice(0, 200);
    });
    rows.push(row);
  }
  if (rows.length === 0) throw new SheetError('empty');
  if (rows.length > IMPORT_MAX_ROWS) throw new SheetError('tooMany');
  return rows;
}

async function xlsxTable(bytes: ArrayBuffer): Promise<string[][]> {
  const Excel = (await import('exceljs')).default;
  const book = new Excel.Workbook();
  try {
    await book.xlsx.load(bytes);
  } catch {
    throw new SheetError('unreadable');
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new SheetError('noSheet');
  const table: string[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    table[n - 1] = Array.from({ length: width }, (_, i) => row.getCell(i + 1).text ?? '');
  });
  return Array.from(table, (r) => r ?? []);
}

/** The rows of an uploaded .xlsx or .csv file (spec §5 "There is no Excel sheet" when the book has none). */
export async function readSheet(file: File): Promise<ImportRow[]> {
  const table = /\.csv$/i.test(file.name) ? parseCsv(await file.text()) : await xlsxTable(await file.arrayBuffer());
  return rowsFromTable(table);
}

/** The sample file: the header row and two example members (every cell text, so "010…" keeps its zero). */
export function sampleXlsx(): Promise<ArrayBuffer> {
  const example: Record<(typeof IMPORT_COLUMNS)[number], string>[] = [
    {
      account: 'member001',
      password: 'pass1234',
      nickname: '회원일',
      phone: '01012345678',
      bank_name: '신한',
      bank_account: '110123456789',
      bank_holder: '홍길동',
      level: '1',
      parent_code: 'shop1',
    },
    { account: 'member002', password: '', nickname: '회원이', phone: '', bank_name: '', bank_account: '', bank_holder: '', level: '2', parent_code: 'shop1' },
  ];
  return buildXlsx({
    filename: 'member-import-sample',
    sheet: 'members',
    columns: IMPORT_COLUMNS.map((c) => ({ header: c, value: (r: (typeof example)[number]) => r[c] || null, text: true })),
    rows: example,
  });
}
