import { isDeepStrictEqual } from 'node:util';
import type { MinigameVerification } from '@wager/contracts';
import { FAIR_ALGORITHM, verifyChain, verifyLink } from '../../platform/fair.ts';
import { drawResult } from './draw.ts';
import { CHAINED_ENTROPY, chainedEntropyOf } from './entropy.ts';
import { GAMES } from './games/catalogue.ts';

export type VerifyReport = { ok: boolean; checks: { name: string; ok: boolean; detail?: string }[] };

/**
 * Recomputes a round from its public verification data alone: the revealed seed hashes to the
 * previous published link and, `index` hashes later, to the chain's published anchor; the draw
 * function on (seed, game, round number, entropy) gives the published result; the chained entropy
 * is recomputed from its published inputs.
 */
export function checkVerification(v: MinigameVerification): VerifyReport {
  const checks: VerifyReport['checks'] = [];
  const game = GAMES.get(v.game);
  if (!v.seed || v.entropy === null || !v.result || !game) {
    return { ok: false, checks: [{ name: 'drawn', ok: false, detail: `round status ${v.status}: nothing to verify yet` }] };
  }
  checks.push({ name: 'algorithm', ok: v.algorithm === FAIR_ALGORITHM, detail: v.algorithm });
  checks.push({ name: 'anchor', ok: verifyChain(v.seed, v.index, v.chain.anchor), detail: `sha256^${v.index}(seed) = ${v.chain.anchor}` });
  if (v.prev_hash !== null) checks.push({ name: 'link', ok: verifyLink(v.seed, v.prev_hash), detail: `sha256(seed) = ${v.prev_hash}` });
  // The chained recipe is recomputed from its published inputs; the first recipe's bet list is not public (decision 049).
  if (v.entropy_source === CHAINED_ENTROPY) {
    const again = v.entropy_inputs ? chainedEntropyOf(v.entropy_inputs) : null;
    checks.push({
      name: 'entropy',
      ok: again === v.entropy,
      detail: `sha256(previous, closes_at ${v.entropy_inputs?.closes_at ?? '?'}, ${v.entropy_inputs?.bets.length ?? '?'} bets) = ${again ?? 'inputs missing'}`,
    });
  }
  const recomputed = drawResult(game, v.seed, v.number, v.entropy);
  checks.push({ name: 'result', ok: isDeepStrictEqual(recomputed, v.result), detail: JSON.stringify(recomputed.draw) });
  return { ok: checks.every((c) => c.ok), checks };
}
