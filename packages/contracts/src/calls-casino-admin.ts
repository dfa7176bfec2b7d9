import { z } from 'zod';
import { moneyString, positiveAmount, text } from './common.ts';
import { WALLET_MODES } from './calls-casino.ts';

/**
 * Which members the egg and casino-money screen lists (spec §2 admin "egg and casino-money
 * management by solution"): every player, egg holders, members whose casino money sits at one
 * vendor (`vendor` names it), or casino money not at any vendor yet (converted, never played).
 */
export const WALLET_ADMIN_TABS = ['all', 'egg', 'vendor', 'unplaced'] as const;
export type WalletAdminTab = (typeof WALLET_ADMIN_TABS)[number];

const vendorCode = text.trim().min(1).max(60);

export const walletAdminRow = z.object({
  id: z.number(),
  account: z.string(),
  nickname: z.string(),
  level: z.number(),
  status: z.string(),
  money: moneyString,
  egg: moneyString,
  casino: moneyString,
  /** The vendor the casino money sits at: its latest transfer or switching session's, else null. */
  vendor: z.string().nullable(),
  wallet_mode: z.enum(WALLET_MODES).nullable(),
  /** A switching or transfer session is still open (the member may be playing). */
  session_open: z.boolean(),
});
export type WalletAdminRow = z.infer<typeof walletAdminRow>;

const solutionTotal = z.object({
  code: z.string(),
  name: z.string(),
  wallet_mode: z.enum(WALLET_MODES),
  members: z.number(),
  casino: moneyString,
});

/** Egg and casino-money management by solution (vendor), issue 10. */
export const casinoAdminCalls = {
  '/api/admin/casino/wallets/list': {
    body: z
      .object({
        tab: z.enum(WALLET_ADMIN_TABS).default('all'),
        vendor: vendorCode.optional(),
        search: text.trim().max(40).optional(),
        skip: z.number().int().min(0).max(1_000_000).default(0),
      })
      .optional(),
    data: z.object({
      rows: z.array(walletAdminRow),
      total: z.number(),
      /** Over all players, whatever the tab and search. */
      totals: z.object({
        members: z.number(),
        money: moneyString,
        egg: moneyString,
        egg_members: z.number(),
        casino: moneyString,
        unplaced: z.object({ members: z.number(), casino: moneyString }),
        solutions: z.array(solutionTotal),
      }),
    }),
  },
  /**
   * Takes `amount` of a member's casino money back from `vendor` (null: casino money not at any
   * vendor) into held money. Exact; refused when the vendor holds less; idempotent per request id.
   */
  '/api/admin/casino/wallets/retrieve': {
    body: z.object({
      user_id: z.number().int().positive(),
      vendor: vendorCode.nullable(),
      amount: positiveAmount,
      memo: text.trim().max(200).optional(),
      request_id: text.trim().min(8).max(100),
    }),
    data: z.object({ transaction_id: z.number(), money: moneyString, casino: moneyString }),
  },
} as const;
