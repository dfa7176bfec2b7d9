/** A money string as a chart value (charts draw numbers; amounts stay far below 2^53). */
export const chartValue = (v: string) => Number(v);
