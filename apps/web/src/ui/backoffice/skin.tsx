import { createContext, useContext, type ReactNode } from 'react';

/**
 * How one back-office tree dresses the kit: `prefix` picks its stylesheet's classes
 * (`ad-table`, `pa-table` …), `countText` words the "N rows" line above a paged list (none: no line).
 * Each tree sets it once at its root, so a screen never repeats it.
 */
export type BackofficeSkin = { prefix: 'ad' | 'pa'; countText?: (total: number) => string };

const SkinContext = createContext<BackofficeSkin>({ prefix: 'ad' });

export function BackofficeSkinProvider({ skin, children }: { skin: BackofficeSkin; children: ReactNode }) {
  return <SkinContext.Provider value={skin}>{children}</SkinContext.Provider>;
}

export const useSkin = () => useContext(SkinContext);
