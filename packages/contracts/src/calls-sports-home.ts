import { z } from 'zod';
import { text } from './common.ts';
import { fixtureSummary } from './calls-sports.ts';

/** The member home page's sports strips and the match search (decision 053). */
export const sportsHomeCalls = {
  /**
   * Live now (the in-play board, earliest kick-off first) and starting soon (the European
   * prematch board by kick-off), six each with the main market, names in the reader's language;
   * the totals say how many the full lists hold.
   */
  '/api/user/sports/home': {
    body: z.object({}).default({}),
    data: z.object({
      live: z.array(fixtureSummary),
      live_total: z.number(),
      soon: z.array(fixtureSummary),
      soon_total: z.number(),
      /** The European board's closing seconds (the prematch strip's buttons) and the server's clock. */
      closing_seconds: z.number(),
      server_time: z.string(),
    }),
  },
  /**
   * Open fixtures (in play, or prematch before the start) whose team or league is named `q` in
   * any of the five languages, case-insensitive; in play first, then by kick-off; at most 20.
   */
  '/api/user/sports/search': {
    body: z.object({ q: text.trim().min(2).max(50) }),
    data: z.object({ fixtures: z.array(fixtureSummary).max(20) }),
  },
} as const;
