import type { WalletMode } from '@wager/contracts';
import type { Config } from '../../../platform/config.ts';

export type ProductType = 'casino' | 'slot';
export type VendorGame = { code: string; name: string; thumbnail: string; type: ProductType };
export type VendorProduct = { code: string; name: string; type: ProductType; thumbnail: string; games: VendorGame[] };
export type LaunchRequest = { token: string; userId: bigint; product: VendorProduct; game: VendorGame | null; language: string; isMobile: boolean };

/**
 * What the platform needs from a game vendor (decision 021). The money side is the wallet
 * protocol (`/api/wallet/<code>/<method>`), the same for every vendor; an adapter only describes
 * the catalogue, builds the launch URL and names its secret and default settings.
 */
export type VendorAdapter = {
  code: string;
  name: string;
  /** Spec §7 getCasinoLobbyUrl `id` (the house vendor: 6112). */
  lobbyId: number;
  /** Skins the vendor offers (spec §9: Evolution 5, second vendor 9, another 6, Asia 9). */
  skinLevels: number;
  defaults: { enabled: boolean; walletMode: WalletMode; skin: number };
  products(): VendorProduct[];
  /** The page the player's popup opens; same-origin paths are fine. */
  launchUrl(r: LaunchRequest): string;
  /** HMAC secret of its wallet calls, or undefined when the vendor is not configured. */
  secret(config: Config): string | undefined;
};
