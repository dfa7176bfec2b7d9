import type { Deps } from '../../platform/deps.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import { writeAudit, type Actor } from '../audit/index.ts';
import { domainSessions } from '../auth/index.ts';
import { getSettings } from '../settings/index.ts';
import { kstStart, resolveRange } from '../statistics/index.ts';
import * as repo from './repo.ts';

/**
 * Casino domains (spec §2 domain guide, settings, access history; §5 "only configured domains can
 * open the casino site", entered as {host}/). Decision 040: with no domain configured the rule is
 * off (a fresh install opens its games); once one exists, a casino or slot launch from any other
 * host is refused.
 */

const out = (d: repo.DomainRow) => ({ id: Number(d.id), domain: d.domain, created_at: d.created_at.toISOString() });

export async function listDomains(deps: Deps) {
  const [rows, s] = await Promise.all([repo.domains(deps.db), getSettings(deps.db)]);
  return { rows: rows.map(out), guide: s.domain_guide };
}

/** What the member site shows: the guide and the addresses. */
export async function domainGuide(deps: Deps) {
  const [rows, s] = await Promise.all([repo.domains(deps.db), getSettings(deps.db)]);
  return { guide: s.domain_guide, domains: rows.map((d) => d.domain) };
}

export async function addDomain(deps: Deps, actor: Actor, domain: string) {
  return deps.db.tx(async (sql) => {
    const id = await repo.insertDomain(sql, domain, deps.clock.now());
    if (id === null) throw conflict('This domain is already registered.', 'domain_duplicate');
    await writeAudit(sql, deps.clock, { actor, action: 'domain.add', target: `domain:${id}`, after: { domain } });
    return id;
  });
}

export async function removeDomain(deps: Deps, actor: Actor, id: bigint) {
  await deps.db.tx(async (sql) => {
    const gone = await repo.deleteDomain(sql, id);
    if (!gone) throw notFound('The domain does not exist.', 'domain_not_found');
    await writeAudit(sql, deps.clock, { actor, action: 'domain.remove', target: `domain:${id}`, before: { domain: gone.domain } });
  });
}

/** The host a request came to, as a domain entry ({host}/). */
export const domainOf = (host: string | null | undefined) => (host ? `${host.trim().toLowerCase()}/` : null);

/** Refuses a casino or slot launch from a host that is not configured (when any is). */
export async function assertCasinoDomain(deps: Deps, host: string | null | undefined) {
  const rows = await repo.domains(deps.db);
  if (rows.length === 0) return;
  const d = domainOf(host);
  if (!d || !rows.some((r) => r.domain === d)) throw forbidden('Games cannot be opened from this address.', 'domain_not_allowed');
}

const PAGE = 20;

export async function domainHistory(deps: Deps, f: { from?: string; to?: string; domain?: string }, skip: number) {
  const r = resolveRange(deps.clock.now(), f);
  const end = kstStart(r.to);
  const h = await domainSessions(
    deps.db,
    { start: kstStart(r.from), end: new Date(end.getTime() + 86_400_000), domain: f.domain?.replace(/\/$/, '') || undefined },
    skip,
    PAGE,
  );
  return {
    ...r,
    total: h.total,
    counts: h.counts,
    rows: h.rows.map((s) => ({
      session_id: Number(s.id),
      audience: s.audience,
      account: s.account,
      domain: s.domain,
      ip: s.ip,
      device: s.device,
      created_at: s.created_at.toISOString(),
    })),
  };
}
