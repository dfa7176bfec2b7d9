/** Charge, exchange, conversions and their histories (issue 3). */
export const bankingCalls = {} as const;
