import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorText } from './error-text.tsx';
import { useSkin } from './skin.tsx';

export type ExportColumn<Row> = {
  header: string;
  value: (row: Row) => string | number | bigint | null;
  /** Keeps digit strings as text (a phone number, an account made of digits) instead of a number. */
  text?: boolean;
};

export type XlsxInput<Row> = {
  filename: string;
  sheet?: string;
  columns: ExportColumn<Row>[];
  /** The rows, or a loader (e.g. every page of the filtered list) called when the button is pressed. */
  rows: readonly Row[] | (() => Promise<readonly Row[]>);
  /** Written bold below the rows. */
  totals?: Row | null;
};

type Cell = string | number | null;

// A money string: digits without a leading zero ("010…" is a phone number, not an amount).
const DIGITS = /^-?(0|[1-9]\d*)$/;
const INTEGER_FORMAT = '#,##0';
const DECIMAL_FORMAT = '#,##0.00';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Money is a bigint or a decimal string on the wire; a sheet wants numbers to sum. Beyond 2^53 a
 * double would round the amount, so such a value stays exact as text.
 */
function cellOf(raw: string | number | bigint | null, text: boolean | undefined): Cell {
  if (raw === null) return null;
  if (typeof raw === 'number') return raw;
  const s = String(raw);
  if (text || !DIGITS.test(s)) return s;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : s;
}

function shown(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number') return cell.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return cell;
}

/** Width in Excel's character units: Hangul, kana, CJK and Thai-width glyphs take about two. */
function widthOf(s: string): number {
  let w = 0;
  for (const ch of s) w += /[\u1100-\u11ff\u2e80-\ua4cf\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/.test(ch) ? 2 : 1;
  return w;
}

async function loadExcel() {
  const mod = await import('exceljs');
  // A CommonJS package (a UMD bundle in the browser): its exports arrive as `default`.
  return mod.default;
}

/** The workbook as .xlsx bytes: a bold header row, the rows, a bold totals row, fitted widths. */
export async function buildXlsx<Row>({ sheet, columns, rows, totals }: XlsxInput<Row>): Promise<ArrayBuffer> {
  const [Excel, list] = await Promise.all([loadExcel(), typeof rows === 'function' ? rows() : Promise.resolve(rows)]);
  const book = new Excel.Workbook();
  const ws = book.addWorksheet(sheet ?? 'Sheet1', { views: [{ state: 'frozen', ySplit: 1 }] });
  const toCells = (row: Row) => columns.map((c) => cellOf(c.value(row), c.text));

  const header = ws.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  const body = list.map(toCells);
  if (totals) body.push(toCells(totals));
  for (const cells of body) {
    const row = ws.addRow(cells);
    cells.forEach((cell, i) => {
      if (typeof cell === 'number') row.getCell(i + 1).numFmt = Number.isInteger(cell) ? INTEGER_FORMAT : DECIMAL_FORMAT;
    });
  }
  if (totals) ws.lastRow!.font = { bold: true };

  columns.forEach((c, i) => {
    const widest = Math.max(widthOf(c.header), ...body.map((cells) => widthOf(shown(cells[i] ?? null))));
    ws.getColumn(i + 1).width = Math.min(60, widest + 2);
  });

  const bytes = await book.xlsx.writeBuffer();
  // Node hands back a Buffer (a view on a larger pool); the browser an ArrayBuffer.
  return ArrayBuffer.isView(bytes) ? (bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer) : (bytes as ArrayBuffer);
}

/** Saves .xlsx bytes (buildXlsx) as `filename`.xlsx through the browser's download. */
export function downloadXlsx(bytes: ArrayBuffer, filename: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type: XLSX_TYPE }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${filename}.xlsx`;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/** The "Excel" button of a back-office list: builds the sheet (exceljs loads only now) and downloads it. */
/** `label`: when a screen has two exports, each says what it holds (default: the kit's "Excel"). */
export function ExportXlsxButton<Row>({ testId, label, ...input }: XlsxInput<Row> & { testId?: string; label?: string }) {
  const { t } = useTranslation();
  const { prefix } = useSkin();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function run() {
    setBusy(true);
    setError(null);
    try {
      downloadXlsx(await buildXlsx(input), input.filename);
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className={`${prefix}-export`}>
      <button type="button" className={`ui-btn ${prefix}-btn-sm ${prefix}-btn-excel`} data-testid={testId} disabled={busy} onClick={() => void run()}>
        {busy ? t('backoffice.exporting') : (label ?? t('backoffice.excel'))}
      </button>
      {error !== null && <ErrorText error={error} inline />}
    </span>
  );
}
