import type { placeBet } from '../betting/index.ts';

/** The bet row as the betting module returns it. */
export type BetRowDb = Awaited<ReturnType<typeof placeBet>>;
