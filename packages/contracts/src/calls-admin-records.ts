import { z } from 'zod';
import { moneyString, text } from './common.ts';
import { GAME_TYPES, BET_STATUSES } from './constants.ts';
import { agentBetRow } from './calls-agent-detail.ts';
import { dateOnly, requestId } from './calls-banking.ts';

/** Conversion families of the admin's histories (spec §2 "money, point and egg conversion history"). */
export const CONVERSION_FAMILIES = ['money', 'point', 'egg'] as const;
export type ConversionFamily = (typeof CONVERSION_FAMILIES)[number];

const period = { startedAt: dateOnly.optional(), endedAt: dateOnly.optional(), skip: z.number().int().min(0).max(1_000_000).default(0) };
const accountFilter = text.trim().max(30).optional();

export const adminConversionRow = z.object({
  id: z.number(),
  user_id: z.number(),
  account: z.string(),
  nickname: z.string(),
  kind: z.string(),
  /** Processing amount = transferred amount (conversions are 1:1). */
  amount: moneyString,
  /** The source asset's starting and closing amount. */
  before: moneyString,
  after: moneyString,
  created_at: z.string(),
});
export type AdminConversionRow = z.infer<typeof adminConversionRow>;

/** What the import reads from one sheet row; every cell is text and checked row by row on the server. */
const cell = z.string().max(200).optional();
export const importRow = z.object({
  account: cell,
  password: cell,
  nickname: cell,
  phone: cell,
  bank_name: cell,
  bank_account: cell,
  bank_holder: cell,
  level: cell,
  parent_code: cell,
});
export type ImportRow = z.infer<typeof importRow>;
/** The sheet's columns, in order (the sample file's header row). */
export const IMPORT_COLUMNS = ['account', 'password', 'nickname', 'phone', 'bank_name', 'bank_account', 'bank_holder', 'level', 'parent_code'] as const;
export const IMPORT_MAX_ROWS = 10_000;
/** Why one row cannot be imported (the web words each code in five languages). */
export const IMPORT_ERROR_CODES = [
  'required',
  'account_format',
  'account_taken',
  'account_repeated',
  'nickname_format',
  'nickname_taken',
  'nickname_repeated',
  'password_format',
  'phone_format',
  'bank_unknown',
  'bank_account_format',
  'level_range',
  'parent_not_found',
  'parent_not_agent',
] as const;
export const importRowError = z.object({ row: z.number(), field: z.enum(IMPORT_COLUMNS), code: z.enum(IMPORT_ERROR_CODES) });
export type ImportRowError = z.infer<typeof importRowError>;
const importRows = z.array(importRow).min(1).max(IMPORT_MAX_ROWS);

export const importJob = z.object({
  id: z.number(),
  status: z.enum(['running', 'done', 'failed']),
  /** hashing: passwords; inserting: the rows, in chunks inside one transaction. */
  phase: z.enum(['checking', 'hashing', 'inserting', 'finished']),
  total: z.number(),
  done: z.number(),
  created: z.number(),
  error_code: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJob>;

const bulkResult = z.object({
  id: z.number(),
  ok: z.boolean(),
  status: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string(), params: z.record(z.string(), z.union([z.string(), z.number()])).optional() }).nullable(),
});

/** Admin records (issue 19, decision 041): every bet, conversion histories, bulk approval, member import. */
export const adminRecordsCalls = {
  /** Bets of every game family and member, 20 a page, with the filter's totals (spec §2 "betting history"). */
  '/api/admin/bet/list': {
    body: z.object({
      ...period,
      game_type: z.enum(GAME_TYPES).optional(),
      game: text.trim().max(60).optional(),
      status: z.enum(BET_STATUSES).optional(),
      /** One member, by account. */
      account: accountFilter,
      /** Every member below this agent (by account). */
      agent: accountFilter,
    }),
    data: z.object({
      rows: z.array(agentBetRow),
      total: z.number(),
      totals: z.object({ amount: moneyString, win_amount: moneyString, profit: moneyString, count: z.number() }),
    }),
  },
  '/api/admin/conversion/list': {
    body: z.object({ ...period, family: z.enum(CONVERSION_FAMILIES), account: accountFilter, agent: accountFilter }),
    data: z.object({ rows: z.array(adminConversionRow), total: z.number(), totals: z.object({ amount: moneyString, count: z.number() }) }),
  },
  /** Approves many waiting requests, each in its own transaction; a replay of the request_id answers the first results. */
  '/api/admin/bank/bulkApprove': {
    body: z.object({ type: z.enum(['charge', 'exchange']), ids: z.array(z.number().int().positive()).min(1).max(100), request_id: requestId }),
    data: z.object({ results: z.array(bulkResult) }),
  },
  /** Checks every row (nothing is written): the count and each row's errors. */
  '/api/admin/member/import/preview': {
    body: z.object({ rows: importRows }),
    data: z.object({ total: z.number(), valid: z.number(), errors: z.array(importRowError) }),
  },
  /** Starts the all-or-nothing import in the background (refused while any row has an error); poll its status. */
  '/api/admin/member/import/start': {
    body: z.object({ rows: importRows, request_id: requestId, default_password: text.min(4).max(100).optional() }),
    data: z.object({ job: importJob }),
  },
  '/api/admin/member/import/status': {
    body: z.object({ job_id: z.number().int().positive() }),
    data: z.object({ job: importJob }),
  },
};
