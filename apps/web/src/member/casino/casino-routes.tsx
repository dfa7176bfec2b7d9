import { lazy, Suspense, type ReactElement } from 'react';
import { Loading } from '../../ui/states.tsx';
import { HOUSE_BARE_ROUTES } from './house/house-routes.tsx';

const LobbyPage = lazy(() => import('./lobby-page.tsx'));
const lobby = (type: 'casino' | 'slot') => (
  <Suspense fallback={<Loading />}>
    <LobbyPage type={type} />
  </Suspense>
);

/** Casino and slot routes (spec §2) that use the normal shell, all behind login. */
export const CASINO_ROUTES: [path: string, element: ReactElement][] = [
  ['/game/slot', lobby('slot')],
  ['/game/casino', lobby('casino')],
];

/** Casino routes without the shell (spec §2: /popup and /slots show no side bar or header), behind login. */
export const CASINO_BARE_ROUTES: [path: string, element: ReactElement][] = [...HOUSE_BARE_ROUTES];
