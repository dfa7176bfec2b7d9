import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../ui/states.tsx';
import { queryErrorText } from '../../i18n/error-text.ts';

/** Loading, failure and empty states shared by every community list. */
export function ListState({
  isLoading,
  error,
  isEmpty,
  emptyText,
  children,
}: {
  isLoading: boolean;
  error: unknown;
  isEmpty: boolean;
  emptyText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (isLoading) return <Loading />;
  if (error)
    return (
      <div className="c-state c-state-error" role="alert" data-testid="list-error">
        <strong>{t('common.loadFailed')}</strong>
        <span>{queryErrorText(error)}</span>
      </div>
    );
  if (isEmpty)
    return (
      <div className="c-state" data-testid="list-empty">
        {emptyText}
      </div>
    );
  return <>{children}</>;
}

/** After a delete empties the last page, step back to the page before it. */
export function useStepBackWhenEmpty(page: number, rows: number | undefined, setPage: (p: number) => void) {
  useEffect(() => {
    if (page > 1 && rows === 0) setPage(page - 1);
  }, [page, rows, setPage]);
}

/** Runs `fn` when `value` changes after the first render (not on mount). */
export function useOnChange<T>(value: T, fn: () => void) {
  const last = useRef(value);
  const saved = useRef(fn);
  saved.current = fn;
  useEffect(() => {
    if (Object.is(last.current, value)) return;
    last.current = value;
    saved.current();
  }, [value]);
}
