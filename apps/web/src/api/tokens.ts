import type { WebAudience } from './audience.ts';

/** Browser-stored tokens (spec §3): player and admin in localStorage, agent in sessionStorage. */
const places: Record<WebAudience, { key: string; store: () => Storage }> = {
  player: { key: 'token', store: () => localStorage },
  agent: { key: 'agent_token', store: () => sessionStorage },
  admin: { key: 'admin_token', store: () => localStorage },
};

type Listener = (audience: WebAudience) => void;
const listeners = new Set<Listener>();

export function getToken(audience: WebAudience): string | null {
  try {
    const place = places[audience];
    return place.store().getItem(place.key);
  } catch {
    return null;
  }
}

export function setToken(audience: WebAudience, token: string): void {
  const place = places[audience];
  place.store().setItem(place.key, token);
  listeners.forEach((fn) => fn(audience));
}

export function clearToken(audience: WebAudience): void {
  const place = places[audience];
  place.store().removeItem(place.key);
  listeners.forEach((fn) => fn(audience));
}

export function hasToken(audience: WebAudience): boolean {
  return Boolean(getToken(audience));
}

/** Lets React re-render when a token appears or goes (see use-token.ts). */
export function subscribeTokens(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
