import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Loading } from '../../ui/states.tsx';
import { useMember } from '../session.tsx';
import { GameTile } from './game-tile.tsx';
import { RecentRounds } from './recent-rounds.tsx';
import { useCasinoVendors, useProductGames, type ProductType } from './queries.ts';
import './casino.css';

type Vendor = { code: string; lobby_id: number; name: string; wallet_mode: 'seamless' | 'transfer' | 'switching'; products: Product[] };
type Product = { code: string; name: string; type: ProductType; thumbnail: string; games: number };

/** /game/casino and /game/slot: the vendors' products and their games; a click opens the game (spec §2, §7). */
export default function LobbyPage({ type }: { type: ProductType }) {
  const { t } = useTranslation();
  const { context } = useMember();
  const vendors = useCasinoVendors(type);
  const on = type === 'slot' ? context?.use_slot : context?.use_casino;
  const list = vendors.data?.vendors ?? [];
  return (
    <section className="cz-page" data-testid={`casino-lobby-${type}`}>
      <header className="cz-hero">
        <div>
          <h1 className="cz-title">{t(`casino.lobby.title.${type}`)}</h1>
          <p className="cz-sub">{t(`casino.lobby.sub.${type}`)}</p>
        </div>
      </header>
      {on === false ? (
        <p className="cz-empty" data-testid="casino-off">
          {t('casino.lobby.off')}
        </p>
      ) : vendors.isPending ? (
        <Loading />
      ) : vendors.isError ? (
        <p className="cz-empty">{t('casino.lobby.loadFailed')}</p>
      ) : list.length === 0 ? (
        <p className="cz-empty">{t('casino.lobby.noVendors')}</p>
      ) : (
        list.map((v) => <VendorBlock key={v.code} vendor={v} type={type} />)
      )}
      <RecentRounds type={type} vendors={list} />
    </section>
  );
}

function VendorBlock({ vendor, type }: { vendor: Vendor; type: ProductType }) {
  const { t } = useTranslation();
  return (
    <section className="cz-vendor" data-testid={`casino-vendor-${vendor.code}`}>
      <header className="cz-vendor-head">
        <h2>{vendor.name}</h2>
        <span className={`cz-mode is-${vendor.wallet_mode}`} title={t(`casino.lobby.modeHelp.${vendor.wallet_mode}`)}>
          {t(`casino.lobby.mode.${vendor.wallet_mode}`)}
        </span>
        {vendor.wallet_mode !== 'seamless' && (
          <Link className="cz-balance-link" to="/board/casino-balance">
            {t('casino.lobby.casinoBalance')}
          </Link>
        )}
      </header>
      {vendor.wallet_mode !== 'seamless' && <p className="cz-note">{t(`casino.lobby.modeHelp.${vendor.wallet_mode}`)}</p>}
      {vendor.products.map((p) => (
        <ProductGames key={p.code} vendor={vendor} product={p} type={type} />
      ))}
    </section>
  );
}

function ProductGames({ vendor, product, type }: { vendor: Vendor; product: Product; type: ProductType }) {
  const { t } = useTranslation();
  const games = useProductGames(product.code, type);
  const [busy, setBusy] = useState(false);
  return (
    <div className="cz-product">
      <div className="cz-product-head" data-testid={`casino-product-${product.code}`}>
        <h3>{product.name}</h3>
        <span className="cz-more">{t('casino.lobby.allGames', { count: product.games })}</span>
      </div>
      <div className="cz-grid">
        {(games.data?.games ?? []).map((g) => (
          <GameTile key={g.code} lobbyId={vendor.lobby_id} product={product.code} game={g} busy={busy} setBusy={setBusy} />
        ))}
      </div>
    </div>
  );
}
