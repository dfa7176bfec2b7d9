import { houseVendor } from './house.ts';
import type { VendorAdapter } from './types.ts';

export type { VendorAdapter, VendorGame, VendorProduct, ProductType } from './types.ts';

/** Every vendor the platform knows; an external one is one more adapter here. */
export const VENDORS: readonly VendorAdapter[] = [houseVendor];

export const vendorByCode = (code: string) => VENDORS.find((v) => v.code === code);
/** Whether the vendor has a game with this code in any of its products (wallet calls name one). */
export const offersGame = (vendor: VendorAdapter, gameCode: string) => vendor.products().some((p) => p.games.some((g) => g.code === gameCode));
export const vendorByLobby = (id: number) => VENDORS.find((v) => v.lobbyId === id);

export function findProduct(code: string) {
  for (const v of VENDORS) {
    const p = v.products().find((x) => x.code === code);
    if (p) return { vendor: v, product: p };
  }
  return undefined;
}

/** A vendor's name and its name for a game code (betting history rows, decision 045); null for an unknown vendor. */
export function casinoGameName(vendorCode: string, gameCode: string): { vendor: string; game: string | null } | null {
  const v = vendorByCode(vendorCode);
  if (!v) return null;
  for (const p of v.products()) {
    const g = p.games.find((x) => x.code === gameCode);
    if (g) return { vendor: v.name, game: g.name };
  }
  return { vendor: v.name, game: null };
}
