import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';

/** The launch URL's parameters (`?game=…&token=…&lang=…`) as the operator's lobby built them. */
export function useLaunchParams() {
  const { search } = useLocation();
  return useMemo(() => {
    const q = new URLSearchParams(search);
    return { token: q.get('token') ?? '', game: q.get('game'), table: q.get('table'), lang: q.get('lang') };
  }, [search]);
}

/** The player's own seed for this visit (mixed into every draw), random per page load. */
export function useClientSeed(): string {
  const [seed] = useState(() => {
    const bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  });
  return seed;
}

export const newRequestId = () => (typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`);

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
