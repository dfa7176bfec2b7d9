import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';

/**
 * What an odds button needs to judge a folder the way the slip does (contracts
 * `folderRefusalCode`, decision 052): the board's closing seconds and how far the server's
 * clock is from the browser's, from the list or detail answer.
 */
export type BoardClock = { closingSeconds: number; offset: number };

const Ctx = createContext<BoardClock>({ closingSeconds: 0, offset: 0 });

export function BoardClockProvider({ data, children }: { data: { closing_seconds: number; server_time: string } | undefined; children: ReactNode }) {
  const closingSeconds = data?.closing_seconds ?? 0;
  const serverTime = data?.server_time;
  // Measured once per server answer so a wrong device clock does not open or close a button.
  const value = useMemo(() => {
    const server = serverTime ? Date.parse(serverTime) : NaN;
    return { closingSeconds, offset: Number.isNaN(server) ? 0 : server - Date.now() };
  }, [closingSeconds, serverTime]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export const useBoardClock = () => useContext(Ctx);

const LONGEST_TIMER = 2_000_000_000;

/** The server's time now, refreshed once `at` (server time) passes: one timer, not a ticking clock. */
export function useServerNowPast(at: number): number {
  const { offset } = useBoardClock();
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const wait = at - (Date.now() + offset);
    const timer = setTimeout(() => setNow(Date.now() + offset), Math.max(0, Math.min(wait + 50, LONGEST_TIMER)));
    return () => clearTimeout(timer);
  }, [at, offset]);
  return now;
}
