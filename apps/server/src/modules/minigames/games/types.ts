import type { MinigameDraw, MinigameFamily, MinigameKey } from '@wager/contracts';
import type { DrawStream } from '../../../platform/fair.ts';

export type PickDef = { key: string; odds: string };
export type MarketDef = { key: string; kind: 'single' | 'combo'; picks: PickDef[] };

/** One draw family: how it draws from the fair stream and which pick wins each market. */
export type Family<D extends MinigameDraw = MinigameDraw> = {
  family: MinigameFamily;
  draw(stream: DrawStream): D;
  /** The winning pick per market; a market left out is refunded (e.g. a cockfight draw on meron/wala). */
  winners(draw: D): Record<string, string>;
  markets: MarketDef[];
  /** Markets whose results make the streak charts (bead road). */
  statMarkets: string[];
  ruleKeys: string[];
};

export type GameDef = {
  key: MinigameKey;
  board: 'ntry' | 'bepick' | 'house';
  route: string | null;
  intervalSeconds: number;
  family: Family;
};

/** A market from its picks and their odds ("1.95"). */
export const market = (key: string, kind: 'single' | 'combo', odds: Record<string, string>): MarketDef => ({
  key,
  kind,
  picks: Object.entries(odds).map(([k, o]) => ({ key: k, odds: o })),
});

export const oddEven = (n: number) => (n % 2 === 1 ? 'odd' : 'even');
