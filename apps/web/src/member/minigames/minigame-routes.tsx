import { lazy, Suspense, type ReactElement } from 'react';
import { Loading } from '../../ui/states.tsx';
import { GAME_PAGES } from './games.ts';

const MinigamePage = lazy(() => import('./game-page.tsx'));
const VerifyPage = lazy(() => import('./verify-page.tsx'));

/** Mini-game routes (spec §2), all behind login; one generic page, loaded on demand. */
export const MINIGAME_ROUTES: [path: string, element: ReactElement][] = GAME_PAGES.map((page) => [
  page.path,
  <Suspense fallback={<Loading />}>
    <MinigamePage page={page} />
  </Suspense>,
]);

/** The public verification page (no login): anyone can recompute a past draw in the browser. */
export const FAIR_VERIFY_PATH = '/fair/verify';
export const FAIR_VERIFY_ROUTE: [path: string, element: ReactElement] = [
  FAIR_VERIFY_PATH,
  <Suspense fallback={<Loading />}>
    <VerifyPage />
  </Suspense>,
];
