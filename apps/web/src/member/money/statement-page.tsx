import { useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { STATEMENT_ASSETS, type ActivityStatementRow, type CallData } from '@wager/contracts';
import { queryErrorText } from '../../i18n/error-text.ts';
import { formatDateTime, localDay } from '../../lib/date.ts';
import { groupThousands } from '../../lib/money.ts';
import { buildXlsx, downloadXlsx } from '../../ui/backoffice/export-xlsx.tsx';
import { Pagination } from '../../ui/pagination.tsx';
import { useMember } from '../session.tsx';
import { MoneyHead } from './money-tabs.tsx';
import { statementRows, useStatement } from './queries.ts';
import './statement.css';

const PER_PAGE = 20;
type Asset = (typeof STATEMENT_ASSETS)[number];
type Statement = CallData<'/api/user/statement'>;
const KIND_GROUPS = ['bet', 'charge', 'exchange', 'casino', 'commission', 'bonus', 'admin', 'agent', 'convert', 'seed'] as const;

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const signed = (v: string) => (v.startsWith('-') ? groupThousands(v) : `+${groupThousands(v)}`);

/**
 * The player's activity statement (issue 23, decision 059): every posting of their money or points
 * over a period with the balance after it, an Excel export, and a PDF through the browser's print
 * dialog: the PDF button renders every row of the period into a print-only view and calls
 * window.print(), so the system's fonts set Korean, Japanese and Thai.
 */
export function StatementPage() {
  const { t } = useTranslation();
  const { user } = useMember();
  const today = localDay();
  const [range, setRange] = useState({ from: addDays(today, -29), to: today });
  const [asset, setAsset] = useState<Asset>('money');
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState(false);
  const [printed, setPrinted] = useState<Statement | null>(null);
  const q = useStatement({ asset, ...range, skip: (page - 1) * PER_PAGE, limit: PER_PAGE });
  const kindText = (kind: string) => {
    const group = KIND_GROUPS.find((g) => kind === g || kind.startsWith(`${g}.`) || kind.startsWith(`${g}_`));
    return t(`protectionReports.statement.kinds.${group ?? 'other'}`);
  };
  const change = (patch: Partial<typeof range>) => {
    const next = { ...range, ...patch };
    if (next.from > next.to) next[patch.from ? 'to' : 'from'] = patch.from ?? patch.to!;
    setRange(next);
    setPage(1);
  };

  async function exportXlsx() {
    setBusy(true);
    try {
      const all = await statementRows({ asset, ...range });
      const col = (k: 'at' | 'kind' | 'memo' | 'amount' | 'balance') => t(`protectionReports.statement.cols.${k}`);
      const bytes = await buildXlsx<ActivityStatementRow>({
        filename: `statement-${asset}-${range.from}-${range.to}`,
        sheet: t(`protectionReports.statement.assets.${asset}`),
        columns: [
          { header: col('at'), value: (r) => formatDateTime(r.at) },
          { header: col('kind'), value: (r) => kindText(r.kind) },
          { header: col('memo'), value: (r) => r.memo ?? '' },
          { header: col('amount'), value: (r) => r.amount },
          { header: col('balance'), value: (r) => r.balance },
        ],
        rows: all.rows,
      });
      downloadXlsx(bytes, `statement-${asset}-${range.from}-${range.to}`);
    } finally {
      setBusy(false);
    }
  }

  async function printPdf() {
    setBusy(true);
    try {
      const all = await statementRows({ asset, ...range });
      // The print view must be in the page before the dialog takes its snapshot.
      flushSync(() => setPrinted(all));
      window.print();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mn-page st-page" data-testid="statement-page">
      <MoneyHead title={t('protectionReports.statement.title')} />
      <section className="m-card mn-card">
        <header className="mn-card-head st-filters">
          <div className="st-assets" role="tablist">
            {STATEMENT_ASSETS.map((a) => (
              <button
                key={a}
                type="button"
                role="tab"
                aria-selected={asset === a}
                className={asset === a ? 'ui-btn mn-chip is-on' : 'ui-btn mn-chip'}
                data-testid={`statement-asset-${a}`}
                onClick={() => {
                  setAsset(a);
                  setPage(1);
                }}
              >
                {t(`protectionReports.statement.assets.${a}`)}
              </button>
            ))}
          </div>
          <div className="mn-dates">
            <input
              type="date"
              className="ui-input mn-date"
              aria-label={t('money.history.from')}
              data-testid="statement-from"
              value={range.from}
              max={today}
              onChange={(e) => e.target.value && change({ from: e.target.value })}
            />
            <span className="mn-dates-sep">~</span>
            <input
              type="date"
              className="ui-input mn-date"
              aria-label={t('money.history.to')}
              data-testid="statement-to"
              value={range.to}
              max={today}
              onChange={(e) => e.target.value && change({ to: e.target.value })}
            />
          </div>
          <div className="st-actions">
            <button type="button" className="ui-btn mn-chip" data-testid="statement-export" disabled={busy} onClick={() => void exportXlsx()}>
              {busy ? t('protectionReports.statement.preparing') : t('protectionReports.statement.excel')}
            </button>
            <button type="button" className="ui-btn mn-chip" data-testid="statement-pdf" disabled={busy} onClick={() => void printPdf()}>
              {t('protectionReports.statement.pdf')}
            </button>
          </div>
        </header>
        {q.data && (
          <p className="st-sums">
            <span data-testid="statement-credit">
              {t('protectionReports.statement.credit')} {groupThousands(q.data.credit)}
            </span>
            <span data-testid="statement-debit">
              {t('protectionReports.statement.debit')} {groupThousands(q.data.debit)}
            </span>
            <span>
              {t('protectionReports.statement.count')} {q.data.total.toLocaleString()}
            </span>
          </p>
        )}
        {q.isError ? (
          <p className="mn-error">{queryErrorText(q.error) || t('protectionReports.statement.loadFailed')}</p>
        ) : (
          <div className="mn-table-wrap">
            <StatementTable rows={q.data?.rows} kindText={kindText} rowTestId="statement-row" />
          </div>
        )}
        {q.data && q.data.total > PER_PAGE && <Pagination page={page} total={q.data.total} perPage={PER_PAGE} onChange={setPage} />}
      </section>
      {printed &&
        createPortal(
          <div className="st-print" data-testid="statement-print">
            <h1>{t('protectionReports.statement.title')}</h1>
            <p>
              {t('protectionReports.statement.member')}: {user?.account ?? ''} · {t(`protectionReports.statement.assets.${asset}`)} ·{' '}
              {t('protectionReports.statement.period')}: {printed.from} ~ {printed.to}
            </p>
            <p>
              {t('protectionReports.statement.credit')} {groupThousands(printed.credit)} · {t('protectionReports.statement.debit')}{' '}
              {groupThousands(printed.debit)} · {t('protectionReports.statement.printed')}: {formatDateTime(new Date().toISOString())}
            </p>
            <StatementTable rows={printed.rows} kindText={kindText} rowTestId="statement-print-row" />
          </div>,
          document.body,
        )}
    </div>
  );
}

function StatementTable({
  rows,
  kindText,
  rowTestId,
}: {
  rows: readonly ActivityStatementRow[] | undefined;
  kindText: (k: string) => string;
  rowTestId: string;
}) {
  const { t } = useTranslation();
  return (
    <table className="mn-table st-table">
      <thead>
        <tr>
          <th>{t('protectionReports.statement.cols.at')}</th>
          <th>{t('protectionReports.statement.cols.kind')}</th>
          <th>{t('protectionReports.statement.cols.memo')}</th>
          <th className="is-num">{t('protectionReports.statement.cols.amount')}</th>
          <th className="is-num">{t('protectionReports.statement.cols.balance')}</th>
        </tr>
      </thead>
      <tbody>
        {rows === undefined ? (
          <tr>
            <td colSpan={5} className="ui-empty">
              {t('common.loading')}
            </td>
          </tr>
        ) : rows.length === 0 ? (
          <tr>
            <td colSpan={5} className="ui-empty">
              {t('protectionReports.statement.empty')}
            </td>
          </tr>
        ) : (
          rows.map((r) => (
            <tr key={r.id} data-testid={rowTestId}>
              <td className="mn-mono mn-date-cell">{formatDateTime(r.at)}</td>
              <td>{kindText(r.kind)}</td>
              <td className="mn-ellipsis">{r.memo ?? ''}</td>
              <td className={r.amount.startsWith('-') ? 'is-num mn-mono mn-minus' : 'is-num mn-mono mn-plus'} data-testid="statement-amount">
                {signed(r.amount)}
              </td>
              <td className="is-num mn-mono" data-testid="statement-balance">
                {groupThousands(r.balance)}
              </td>
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
