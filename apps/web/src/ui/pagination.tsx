import { useTranslation } from 'react-i18next';

const BLOCK = 10;

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
  const pages = Math.max(1, Math.ceil(total / perPage));
  const current = Math.min(Math.max(1, page), pages);
  const blockStart = Math.floor((current - 1) / BLOCK) * BLOCK + 1;
  const blockEnd = Math.min(blockStart + BLOCK - 1, pages);
  const numbers = Array.from({ length: blockEnd - blockStart + 1 }, (_, i) => blockStart + i);

  return (
    <nav className="ui-pagination" aria-label="pagination" data-testid="pagination">
      <button
        type="button"
        className="ui-page-arrow"
        disabled={blockStart === 1}
        aria-label={t('pagination.prevBlock')}
        onClick={() => onChange(blockStart - 1)}
      >
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
      <button
        type="button"
        className="ui-page-arrow"
        disabled={blockEnd >= pages}
        aria-label={t('pagination.nextBlock')}
        onClick={() => onChange(blockEnd + 1)}
      >
        ›
      </button>
    </nav>
  );
}
