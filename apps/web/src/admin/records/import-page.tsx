import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportRow, ImportRowError } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { newRequestId } from '../../ui/money-rules.ts';
import { DataTable } from '../../ui/backoffice/data-table.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { readSheet, sampleXlsx, SheetError } from './import-sheet.ts';
import { useImportJob, usePreviewImport, useStartImport } from './queries.ts';

type Preview = { total: number; valid: number; errors: ImportRowError[] };
/** Rows of errors shown at once; the count above says how many there are. */
const ERRORS_SHOWN = 200;

function download(bytes: ArrayBuffer, name: string) {
  const url = URL.createObjectURL(new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

/**
 * Member migration (spec §2): the sample file, an XLSX or CSV upload read in the browser, the
 * server's preview with each bad row's reasons, then one all-or-nothing import whose progress the
 * screen polls (decision 041).
 */
export function ImportPage() {
  const { t } = useTranslation();
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [fileName, setFileName] = useState('');
  const [readError, setReadError] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [password, setPassword] = useState('');
  const [jobId, setJobId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const previewCall = usePreviewImport();
  const startCall = useStartImport();
  const job = useImportJob(jobId).data?.job;
  const running = job?.status === 'running';
  const needsPassword = rows?.some((r) => !r.password) ?? false;

  async function choose(file: File | undefined) {
    setRows(null);
    setPreview(null);
    setReadError('');
    setJobId(null);
    if (!file) return;
    setFileName(file.name);
    setBusy(true);
    try {
      const read = await readSheet(file);
      setRows(read);
      const answer = await previewCall.mutateAsync({ rows: read });
      if (!answer.result) setReadError(errorText(answer.error));
      else setPreview(answer.data);
    } catch (e) {
      setReadError(e instanceof SheetError ? t(`adminRecords.import.sheet.${e.reason}`) : t('adminRecords.import.sheet.unreadable'));
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    if (!rows || !preview || preview.errors.length > 0) return;
    if (needsPassword && password.length < 4) return showAlert(t('adminRecords.import.passwordNeeded'));
    if (!(await showConfirm(t('adminRecords.import.confirm', { total: rows.length })))) return;
    setBusy(true);
    const answer = await startCall.mutateAsync({ rows, request_id: newRequestId(), default_password: needsPassword ? password : undefined });
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminRecords.import.failed'));
    setJobId(answer.data.job.id);
  }

  const percent = job ? (job.total === 0 ? 0 : Math.round((job.done * 100) / job.total)) : 0;
  const col = (c: string) => t(`adminRecords.import.columns.${c as 'account'}`);
  return (
    <BackofficePage title={t('adminRecords.import.title')} testId="admin-import">
      <div className="ad-rec-panel">
        <div className="ad-rec-row">
          <button
            type="button"
            className="ui-btn"
            data-testid="admin-import-sample"
            onClick={() => void sampleXlsx().then((b) => download(b, 'member-import-sample.xlsx'))}
          >
            {t('adminRecords.import.sample')}
          </button>
          <p className="ad-rec-hint">{t('adminRecords.import.sampleHint')}</p>
        </div>
        <label className="ad-rec-row">
          <span>{t('adminRecords.import.file')}</span>
          <input
            type="file"
            accept=".xlsx,.csv"
            data-testid="admin-import-file"
            disabled={busy || running}
            onChange={(e) => void choose(e.target.files?.[0])}
          />
        </label>
        {busy && !running && <p className="ad-rec-hint">{t('adminRecords.import.reading')}</p>}
        {readError && (
          <p className="ad-rec-bad" role="alert" data-testid="admin-import-read-error">
            {readError}
          </p>
        )}
      </div>

      {preview && rows && (
        <div className="ad-rec-panel" data-testid="admin-import-preview">
          <h2 className="ad-subhead">{t('adminRecords.import.previewTitle', { file: fileName })}</h2>
          <p data-testid="admin-import-summary">
            {t('adminRecords.import.summary', { total: preview.total, valid: preview.valid, bad: preview.total - preview.valid })}
          </p>
          {preview.errors.length === 0 ? (
            <p className="ad-rec-ok">{t('adminRecords.import.allGood')}</p>
          ) : (
            <>
              <p className="ad-rec-bad">{t('adminRecords.import.fixFirst', { count: preview.errors.length })}</p>
              <div className="ad-rec-errors">
                <DataTable
                  testId="admin-import-errors"
                  rows={preview.errors.slice(0, ERRORS_SHOWN)}
                  rowKey={(e, i) => `${e.row}-${e.field}-${i}`}
                  rowProps={() => ({ 'data-testid': 'admin-import-error' })}
                  columns={[
                    { id: 'row', header: t('adminRecords.import.row'), cell: (e: ImportRowError) => e.row, className: 'num' },
                    { id: 'field', header: t('adminRecords.import.field'), cell: (e: ImportRowError) => col(e.field) },
                    {
                      id: 'value',
                      header: t('adminRecords.import.value'),
                      cell: (e: ImportRowError) => rows[e.row - 2]?.[e.field] ?? '',
                      className: 'mono',
                    },
                    { id: 'reason', header: t('adminRecords.import.reason'), cell: (e: ImportRowError) => t(`adminRecords.import.errors.${e.code}`) },
                  ]}
                />
              </div>
            </>
          )}
          <DataTable
            testId="admin-import-rows"
            rows={rows.slice(0, 5)}
            rowKey={(_, i) => i}
            columns={(['account', 'nickname', 'phone', 'bank_name', 'bank_account', 'bank_holder', 'level', 'parent_code'] as const).map((c) => ({
              id: c,
              header: col(c),
              cell: (r: ImportRow) => r[c] ?? '',
            }))}
          />
          {preview.errors.length === 0 && !job && (
            <div className="ad-rec-row">
              {needsPassword && (
                <label className="ad-rec-row">
                  <span>{t('adminRecords.import.defaultPassword')}</span>
                  <input
                    className="ui-input"
                    type="password"
                    autoComplete="new-password"
                    data-testid="admin-import-password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                  />
                </label>
              )}
              <button type="button" className="ui-btn ui-btn-primary" data-testid="admin-import-start" disabled={busy} onClick={() => void start()}>
                {t('adminRecords.import.start', { total: preview.total })}
              </button>
              {needsPassword && <p className="ad-rec-hint">{t('adminRecords.import.defaultPasswordHint')}</p>}
            </div>
          )}
        </div>
      )}

      {job && (
        <div className="ad-rec-panel" data-testid="admin-import-job" data-status={job.status}>
          <div className="ad-rec-row">
            <strong>{t(`adminRecords.import.phases.${job.phase}`)}</strong>
            <div className="ad-rec-progress" role="progressbar" aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
              <span style={{ width: `${job.status === 'done' ? 100 : percent}%` }} />
            </div>
            <span className="mono">{t('adminRecords.import.progress', { done: job.status === 'done' ? job.total : job.done, total: job.total })}</span>
          </div>
          {job.status === 'done' && (
            <p className="ad-rec-ok" data-testid="admin-import-done">
              {t('adminRecords.import.done', { created: job.created })}
            </p>
          )}
          {job.status === 'failed' && (
            <p className="ad-rec-bad" data-testid="admin-import-failed">
              {t('adminRecords.import.failedAll')} {job.error_code ? errorText({ code: job.error_code, message: '' }) : ''}
            </p>
          )}
        </div>
      )}
    </BackofficePage>
  );
}
