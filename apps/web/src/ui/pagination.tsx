import { useTranslation } from 'react-i18next';
import { pageBlock } from './page-block.ts';

type PaginationProps = {
  /** 1-based current page. */
  page: number;
  total: number;
  perPage?: number;
  onChange: (page: number) => void;
};

/** Spec §2: page numbers in blocks of 10, previous/next block arrows, current page highlighted. */
export function Pagination({ page, total, perPage = 20, onChange }: PaginationProps) {
  const { t } = useTranslation();
  const { current, first, last, hasPrev, hasNext } = pageBlock(page, total, perPage);
  const numbers = Array.from({ length: last - first + 1 }, (_, i) => first + i);

  return (
    <nav className="ui-pagination" aria-label={t('pagination.label')} data-testid="pagination">
      <button type="button" className="ui-page-arrow" disabled={!hasPrev} aria-label={t('pagination.prevBlock')} onClick={() => onChange(first - 1)}>
        ‹
      </button>
      {numbers.map((n) => (
        <button
          type="button"
          key={n}
          className={n === current ? 'ui-page is-current' : 'ui-page'}
          aria-current={n === current ? 'page' : undefined}
          aria-label={t('pagination.page', { page: n })}
          onClick={() => n !== current && onChange(n)}
        >
          {n}
        </button>
      ))}
      <button type="button" className="ui-page-arrow" disabled={!hasNext} aria-label={t('pagination.nextBlock')} onClick={() => onChange(last + 1)}>
        ›
      </button>
    </nav>
  );
}
