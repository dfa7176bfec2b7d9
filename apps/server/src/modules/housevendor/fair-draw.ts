import type { Sql } from '../../platform/db.ts';
import type { Deps } from '../../platform/deps.ts';
import { chainFrom, drawStream, FAIR_ALGORITHM, newSeed, seedAt, verifyChain } from '../../platform/fair.ts';
import type { IntSource } from './int-source.ts';
import { insertChain, openChain, takeChainUse, type HouseGame } from './repo.ts';

/**
 * The vendor's provably-fair seeds (platform/fair.ts, the mini games' mechanism): one hash chain
 * per game and player, its anchor published before its first use (`/api/house/session` shows it
 * to that player); every round takes the next use and reveals that seed once it is drawn. Per
 * player, so a spin locks only its player's chain row, never one shared by every spin. The player's own client seed
 * is part of the draw message, so the vendor cannot aim a seed at a player.
 */
export const CHAIN_LENGTH = 1000;
export { FAIR_ALGORITHM };

export type FairUse = { chainId: bigint; use: number; anchor: string; seed: string };

/** The message the round's stream is keyed on: unique per chain use, and the player's seed. */
export const drawMessage = (gameCode: string, chainId: bigint, use: number, clientSeed: string) => `house:${gameCode}:${chainId}:${use}:${clientSeed}`;

export function streamFor(seed: string, message: string): IntSource {
  return drawStream(seed, message);
}

/** The open chain's anchor (creating the chain when none is open), for the player to keep. */
export async function currentCommitment(deps: Deps, game: HouseGame, user: bigint) {
  let chain = await openChain(deps.db, game, user);
  if (!chain) {
    await createChain(deps, deps.db, game, user);
    chain = await openChain(deps.db, game, user);
  }
  if (!chain) throw new Error('house vendor: no seed chain');
  return { chainId: chain.id, anchor: chain.anchor, nextUse: chain.next_use };
}

async function createChain(deps: Deps, sql: Sql, game: HouseGame, user: bigint) {
  const terminalSeed = newSeed(deps.rng);
  const anchor = chainFrom(terminalSeed, CHAIN_LENGTH)[0];
  await insertChain(sql, { game, user, anchor, terminalSeed, length: CHAIN_LENGTH, at: deps.clock.now() });
}

/** Takes the next seed (inside the caller's transaction), opening a new chain when the last one is used up. */
export async function takeSeed(deps: Deps, sql: Sql, game: HouseGame, user: bigint): Promise<FairUse> {
  let chain = await takeChainUse(sql, game, user);
  if (!chain) {
    await createChain(deps, sql, game, user);
    chain = await takeChainUse(sql, game, user);
  }
  if (!chain) throw new Error('house vendor: no seed chain');
  const use = chain.next_use;
  return { chainId: chain.id, use, anchor: chain.anchor, seed: seedAt(chain.terminal_seed, chain.length, use) };
}

export const chainHolds = (seed: string, use: number, anchor: string) => verifyChain(seed, use, anchor);
