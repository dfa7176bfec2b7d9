import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { Loading } from '../../ui/states.tsx';

type PageName = 'DepositPage' | 'WithdrawPage' | 'PointPage' | 'CasinoBalancePage' | 'LimitsPage' | 'StatementPage';

function page(name: PageName): ReactElement {
  const Page = lazy(() => import('./money-pages.ts').then((m) => ({ default: m[name] as ComponentType })));
  return (
    <Suspense fallback={<Loading />}>
      <Page />
    </Suspense>
  );
}

/** Money routes (all behind login); casino balance is routed apart because seamless wallets hide it. */
export const MONEY_ROUTES: [path: string, element: ReactElement][] = [
  ['/board/money-deposit', page('DepositPage')],
  ['/board/money-withdraw', page('WithdrawPage')],
  ['/board/point', page('PointPage')],
  ['/board/limits', page('LimitsPage')],
  ['/board/statement', page('StatementPage')],
];

export const casinoBalancePage: ReactElement = page('CasinoBalancePage');
