import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../api/client.ts';
import { errorText } from '../../i18n/error-text.ts';
import { Pagination } from '../../ui/pagination.tsx';
import { Loading } from '../../ui/states.tsx';

/** Error text for a failed query (an ApiFailure or anything else). */
export function queryErrorText(error: unknown): string {
  return errorText(error instanceof ApiFailure ? error : { code: 'internal', message: error instanceof Error ? error.message : '' });
}

/** A small coloured label; `tone` picks the colour (see ops.css). */
export function Badge({ tone, children, testId }: { tone: string; children: ReactNode; testId?: string }) {
  return (
    <span className={`ad-badge is-${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** 1-based page → server skip (every admin list pages by 20). */
export const ADMIN_PER_PAGE = 20;
export const skipOf = (page: number) => (page - 1) * ADMIN_PER_PAGE;

/** Plain text typed by an admin → minimal HTML (escaped, one paragraph per line). */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `<p>${escape(line) || '<br>'}</p>`)
    .join('');
}

/**
 * The frame every admin list shares: loading, the error text, the total count, the scrolling
 * table box and the pagination. `children` (the table) renders only once the data is there.
 */
export function AdminList({
  query,
  page,
  onPage,
  children,
}: {
  query: UseQueryResult<{ total: number }>;
  page: number;
  onPage: (page: number) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) return <Loading />;
  if (query.isError) return <p className="ad-error">{queryErrorText(query.error)}</p>;
  return (
    <>
      <p className="ad-count">{t('adminOps.common.total', { count: query.data.total })}</p>
      <div className="ad-table-wrap">{children}</div>
      <Pagination page={page} total={query.data.total} perPage={ADMIN_PER_PAGE} onChange={onPage} />
    </>
  );
}
