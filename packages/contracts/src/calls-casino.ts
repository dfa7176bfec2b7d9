import { z } from 'zod';
import { moneyString, positiveAmount, text } from './common.ts';

/** How a vendor's games reach the member's money (spec §1 "Casino"; decision 021). */
export const WALLET_MODES = ['seamless', 'transfer', 'switching'] as const;
export type WalletMode = (typeof WALLET_MODES)[number];
export const PRODUCT_TYPES = ['casino', 'slot'] as const;

const dateOnly = text.regex(/^\d{4}-\d{2}-\d{2}$/, 'must be YYYY-MM-DD');
const code = text.trim().min(1).max(60);
const requestId = text.trim().min(8).max(100);

export const casinoGame = z.object({ code: z.string(), name: z.string(), thumbnail: z.string(), type: z.enum(PRODUCT_TYPES) });
export const casinoProduct = z.object({ code: z.string(), name: z.string(), type: z.enum(PRODUCT_TYPES), thumbnail: z.string(), games: z.number() });
export const casinoVendor = z.object({
  code: z.string(),
  lobby_id: z.number(),
  name: z.string(),
  wallet_mode: z.enum(WALLET_MODES),
  products: z.array(casinoProduct),
});

/** One vendor round as history shows it: the bet, its win(s), and the wallet balance around it. */
export const casinoHistoryRow = z.object({
  id: z.number(),
  user_id: z.number(),
  account: z.string(),
  vendor: z.string(),
  game: z.string(),
  game_type: z.enum(PRODUCT_TYPES),
  round: z.string(),
  wallet: z.enum(['money', 'casino']),
  amount: moneyString,
  win_amount: moneyString,
  status: z.enum(['open', 'settled', 'rolled_back']),
  balance_before: moneyString,
  balance_after: moneyString,
  created_at: z.string(),
  settled_at: z.string().nullable(),
});
export type CasinoHistoryRow = z.infer<typeof casinoHistoryRow>;

const historyFilter = {
  vendor: code.optional(),
  game: code.optional(),
  game_type: z.enum(PRODUCT_TYPES).optional(),
  startedAt: dateOnly.optional(),
  endedAt: dateOnly.optional(),
  skip: z.number().int().min(0).max(1_000_000).default(0),
};
const historyAnswer = z.object({
  rows: z.array(casinoHistoryRow),
  total: z.number(),
  totals: z.object({ amount: moneyString, win_amount: moneyString, profit: moneyString, count: z.number() }),
});

export const vendorSettingsRow = z.object({
  code: z.string(),
  name: z.string(),
  lobby_id: z.number(),
  enabled: z.boolean(),
  wallet_mode: z.enum(WALLET_MODES),
  /** What the global is_seamless setting makes of wallet_mode. */
  effective_mode: z.enum(WALLET_MODES),
  skin: z.number(),
  skin_levels: z.number(),
  product_types: z.array(z.enum(PRODUCT_TYPES)),
});

const casinoBalanceMove = {
  body: z.object({ balance: positiveAmount, targetUserId: z.number().int().positive(), memo: text.max(200).optional(), request_id: requestId.optional() }),
  data: z.object({ casino: moneyString, money: moneyString }),
};

/** Casino and slots: vendors, lobbies, launch, wallet sessions, history (issue 10). */
export const casinoCalls = {
  // ---- member
  '/api/user/casino/vendors': {
    body: z.object({ type: z.enum(PRODUCT_TYPES).optional() }).optional(),
    data: z.object({ vendors: z.array(casinoVendor) }),
  },
  '/api/user/casino/games': {
    body: z.object({ product: code, type: z.enum(PRODUCT_TYPES).optional() }),
    data: z.object({ vendor: z.string(), product: casinoProduct, games: z.array(casinoGame) }),
  },
  /** Spec §7: lobby id (6112 = the house vendor), device; optional product and game to open directly. */
  '/api/user/game/getCasinoLobbyUrl': {
    body: z.object({ id: z.number().int().positive(), isMobile: z.boolean().default(false), game: code.optional(), product: code.optional() }),
    data: z.object({ url: z.string() }),
  },
  /** The popup leaves (unload) or the player switches games: a switching-mode wallet comes home. */
  '/api/user/casino/closeSession': {
    body: z.object({ token: text.min(8).max(200) }),
    data: z.object({ closed: z.boolean(), returned: moneyString }),
  },
  '/api/user/casino/history': { body: z.object(historyFilter).optional(), data: historyAnswer },

  // ---- agent (spec §7)
  '/api/agent/user/casino/depositBalance': casinoBalanceMove,
  '/api/agent/user/casino/withdrawBalance': casinoBalanceMove,
  '/api/agent/casino/history': { body: z.object({ ...historyFilter, account: code.optional() }).optional(), data: historyAnswer },

  // ---- admin
  '/api/admin/casino/vendors': { body: z.object({}).optional(), data: z.object({ vendors: z.array(vendorSettingsRow), is_seamless: z.boolean() }) },
  '/api/admin/casino/vendors/update': {
    body: z.object({ code, enabled: z.boolean().optional(), wallet_mode: z.enum(WALLET_MODES).optional(), skin: z.number().int().min(1).max(20).optional() }),
    data: z.object({ vendor: vendorSettingsRow }),
  },
  '/api/admin/casino/history': { body: z.object({ ...historyFilter, account: code.optional() }).optional(), data: historyAnswer },
} as const;
