import { lazy, Suspense, type ReactElement } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../../ui/states.tsx';

const SlotPage = lazy(() => import('./slot-page.tsx'));
const BaccaratPage = lazy(() => import('./baccarat-page.tsx'));

const page = (element: ReactElement) => <Suspense fallback={<Loading />}>{element}</Suspense>;

/** /slots/{product}/{type}: the house product's game full-page (the live product is the table). */
function ProductGame() {
  const { product, type } = useParams();
  return product === 'house_live' || type === 'casino' ? <BaccaratPage /> : <SlotPage />;
}

/**
 * The house vendor's game windows (spec §2: no header or side bar), opened by the lobby with the
 * vendor launch URL. /slots/{product}/{type} shows the house slot full-page (decision 022).
 */
export const HOUSE_BARE_ROUTES: [path: string, element: ReactElement][] = [
  ['/slots/:product/:type', page(<ProductGame />)],
  ['/popup/slot', page(<SlotPage />)],
  ['/popup/livecasino', page(<BaccaratPage />)],
];
