import { houseVendor } from './house.ts';
import type { VendorAdapter } from './types.ts';

export type { VendorAdapter, VendorGame, VendorProduct, ProductType } from './types.ts';

/** Every vendor the platform knows; an external one is one more adapter here. */
export const VENDORS: readonly VendorAdapter[] = [houseVendor];

export const vendorByCode = (code: string) => VENDORS.find((v) => v.code === code);
export const vendorByLobby = (id: number) => VENDORS.find((v) => v.lobbyId === id);

export function findProduct(code: string) {
  for (const v of VENDORS) {
    const p = v.products().find((x) => x.code === code);
    if (p) return { vendor: v, product: p };
  }
  return undefined;
}
