import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Loading } from '../states.tsx';
import { ErrorText } from './error-text.tsx';

/** Loading, then the error text, then `children(data)`: the three states every back-office query shows. */
export function QueryState<Data>({ query, errorText, children }: { query: UseQueryResult<Data>; errorText?: string; children: (data: Data) => ReactNode }) {
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorText error={query.error} text={errorText} />;
  return <>{children(query.data)}</>;
}
