import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Loading } from '../../ui/states.tsx';

type PageName = 'EuropeSportsPage' | 'EuropeSportsDetailPage' | 'InplayPage' | 'InplayDetailPage' | 'CrossPage' | 'SpecialPage' | 'Special2Page' | 'LivePage';

function page(name: PageName): ReactElement {
  const Page = lazy(() => import('./sports-pages.tsx').then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/** Sports routes (spec §2), all behind login. Pages are lazy so the sports code loads on demand. */
export const SPORTS_ROUTES: [path: string, element: ReactElement][] = [
  ['/game/europe-sports', page('EuropeSportsPage')],
  ['/game/europe-sports/:id', page('EuropeSportsDetailPage')],
  ['/game/inplay', page('InplayPage')],
  ['/game/inplay/:id', page('InplayDetailPage')],
  ['/game/sports/cross', page('CrossPage')],
  ['/game/sports/special', page('SpecialPage')],
  ['/game/sports/special2', page('Special2Page')],
  ['/game/sports/live', page('LivePage')],
];

const LazySportsHome = lazy(() => import('./home-sports.tsx').then((m) => ({ default: m.SportsHome })));

/** The home page's sports block (live now, starting soon, match search), loaded on demand too. */
export const SPORTS_HOME: ReactElement = (
  <Suspense fallback={null}>
    <LazySportsHome />
  </Suspense>
);
