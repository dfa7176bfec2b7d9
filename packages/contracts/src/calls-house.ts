import { z } from 'zod';
import { moneyString, positiveAmount, text } from './common.ts';

/**
 * The built-in house vendor's game calls (issue 10, decision 022). The vendor is an outside
 * party to the platform: these calls carry the launch token the operator put in the game URL
 * (not the member session); the vendor checks it with the operator's wallet over HTTP.
 */
export const HOUSE_SLOT_GAMES = ['fortune5'] as const;
export const HOUSE_TABLES = ['baccarat1'] as const;
export const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export type BaccaratSpot = (typeof BACCARAT_SPOTS)[number];

const launchToken = text.min(8).max(200);
const user = z.number().int().positive();
const requestId = text.min(8).max(100);
/** The player's own seed mixed into every draw (hex), so the vendor cannot pick outcomes per player. */
const clientSeed = text.regex(/^[0-9a-f]{8,64}$/, 'must be 8–64 hex digits');
const houseGame = z.enum([...HOUSE_SLOT_GAMES, ...HOUSE_TABLES]);

export const houseFair = z.object({
  round_id: z.number(),
  chain_id: z.number(),
  /** Position of the seed in its chain: hashing the seed `use` times gives `anchor`. */
  use: z.number(),
  anchor: z.string(),
  seed: z.string(),
  client_seed: z.string(),
  /** The draw stream is HMAC-SHA256(seed, `${message}:${counter}`) (platform/fair.ts). */
  message: z.string(),
  algorithm: z.string(),
});
export const houseCard = z.object({ rank: z.number(), suit: z.number() });
export const baccaratHand = z.object({
  player: z.array(houseCard),
  banker: z.array(houseCard),
  player_total: z.number(),
  banker_total: z.number(),
  outcome: z.enum(['player', 'banker', 'tie']),
  natural: z.boolean(),
  player_pair: z.boolean(),
  banker_pair: z.boolean(),
});
export const slotSpin = z.object({
  /** window[reel][row], symbol ids as in the paytable. */
  window: z.array(z.array(z.number())),
  lines: z.array(z.object({ line: z.number(), symbol: z.number(), count: z.number(), win: moneyString })),
  scatters: z.number(),
  multiplier: z.number(),
  free_spins_awarded: z.number(),
  win: moneyString,
});
export const houseHistoryRow = z.object({
  round_id: z.number(),
  stake: moneyString,
  win: moneyString,
  created_at: z.string(),
  /** Baccarat: the hand's outcome and totals (for the road); slot: null. */
  outcome: z.enum(['player', 'banker', 'tie']).nullable(),
  player_total: z.number().nullable(),
  banker_total: z.number().nullable(),
  player_pair: z.boolean(),
  banker_pair: z.boolean(),
});

export const houseCalls = {
  /** Opens the game: checks the token with the wallet, answers the balance, offers and recent rounds. */
  '/api/house/session': {
    body: z.object({ token: launchToken, user, game: houseGame }),
    data: z.object({
      balance: moneyString,
      currency: z.string(),
      bet_options: z.array(moneyString),
      stated_rtp: z.number().nullable(),
      paylines: z.array(z.array(z.number())),
      paytable: z.array(z.array(z.number())),
      scatter_pays: z.array(z.number()),
      history: z.array(houseHistoryRow),
      commitment: z.object({ chain_id: z.number(), anchor: z.string(), next_use: z.number() }),
    }),
  },
  '/api/house/slot/spin': {
    body: z.object({ token: launchToken, user, game: z.enum(HOUSE_SLOT_GAMES), bet: positiveAmount, request_id: requestId, client_seed: clientSeed }),
    data: z.object({
      round_id: z.number(),
      stake: moneyString,
      win: moneyString,
      balance: moneyString,
      spins: z.array(slotSpin),
      fair: houseFair,
    }),
  },
  '/api/house/baccarat/bet': {
    body: z.object({
      token: launchToken,
      user,
      table: z.enum(HOUSE_TABLES),
      bets: z.partialRecord(z.enum(BACCARAT_SPOTS), positiveAmount),
      request_id: requestId,
      client_seed: clientSeed,
    }),
    data: z.object({
      round_id: z.number(),
      stake: moneyString,
      win: moneyString,
      balance: moneyString,
      hand: baccaratHand,
      returns: z.partialRecord(z.enum(BACCARAT_SPOTS), moneyString),
      fair: houseFair,
    }),
  },
  /** Public: everything needed to recompute a finished round, and the server's own recomputation. */
  '/api/house/round/verify': {
    body: z.object({ round_id: z.number().int().positive() }),
    data: z.object({
      game: z.string(),
      game_code: z.string(),
      status: z.string(),
      fair: houseFair,
      chain_ok: z.boolean(),
      result_ok: z.boolean(),
      result: z.record(z.string(), z.unknown()),
    }),
  },
} as const;
