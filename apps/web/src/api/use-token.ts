import { useSyncExternalStore } from 'react';
import type { WebAudience } from './audience.ts';
import { getToken, subscribeTokens } from './tokens.ts';

/** The audience's stored token, re-rendering when it is set, renewed or cleared. */
export function useToken(audience: WebAudience): string | null {
  return useSyncExternalStore(
    (fn) => subscribeTokens((changed) => changed === audience && fn()),
    () => getToken(audience),
  );
}
