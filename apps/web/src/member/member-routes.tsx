import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../ui/states.tsx';
import { RequireLogin } from './guard.tsx';
import { HomePage } from './home/home-page.tsx';
import { LoginPage } from './pages/login-page.tsx';
import { LogoutPage } from './pages/logout-page.tsx';
import { PlaceholderPage, type MemberPageKey } from './pages/placeholder-page.tsx';
import { useMember } from './session.tsx';

const EOS = [1, 2, 3, 4, 5] as const;

/** Spec §2 player routes that need login; each becomes a real screen in a later issue. */
const PROTECTED: [path: string, page: MemberPageKey][] = [
  ['/game/europe-sports', 'europeSports'],
  ['/game/europe-sports/:id', 'europeSportsDetail'],
  ['/game/inplay', 'inplay'],
  ['/game/inplay/:id', 'inplayDetail'],
  ['/game/sports/cross', 'sportsCross'],
  ['/game/sports/special', 'sportsSpecial'],
  ['/game/sports/special2', 'sportsSpecial2'],
  ['/game/sports/live', 'sportsLive'],
  ['/game/slot', 'slot'],
  ['/game/casino', 'casino'],
  ['/game/powerball/ntry/powerball', 'ntryPowerball'],
  ['/game/minigame/ntry/powerladder', 'powerladder'],
  ['/game/minigame/ntry/kenoladder', 'kenoladder'],
  ['/game/minigame/ntry/speedkeno', 'speedkeno'],
  ['/game/powerball/bepick/happy545', 'happy545'],
  ['/game/minigame/bepick/marukhan', 'marukhan'],
  ['/board/betting-history', 'betHistory'],
  ['/board/customer', 'customer'],
  ['/board/event', 'event'],
  ['/board/message', 'message'],
  ['/board/notice', 'notice'],
  ['/board/freeboard', 'freeboard'],
  ['/board/point', 'point'],
  ['/board/game-result', 'gameResult'],
  ['/board/game-rule', 'gameRule'],
  ['/board/money-deposit', 'deposit'],
  ['/board/money-withdraw', 'withdraw'],
  ['/board/view', 'view'],
  ['/board/friend', 'friend'],
  ['/slots/:product/:type', 'slotsGame'],
  ['/popup/slot', 'popupSlot'],
  ['/popup/livecasino', 'popupLiveCasino'],
];

/** Spec §2: the casino-balance screen is hidden when the wallet is seamless. */
function CasinoBalanceRoute(): ReactElement {
  const { context } = useMember();
  if (context?.is_seamless) return <NotFoundPage />;
  return <PlaceholderPage page="casinoBalance" />;
}

export function MemberRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/logout" element={<LogoutPage />} />
      <Route element={<RequireLogin />}>
        {PROTECTED.map(([path, page]) => (
          <Route key={path} path={path} element={<PlaceholderPage page={page} />} />
        ))}
        {EOS.map((n) => (
          <Route key={`ntry-eos${n}`} path={`/game/powerball/ntry/eos${n}`} element={<PlaceholderPage page="eos" n={n} provider="ntry" />} />
        ))}
        {EOS.map((n) => (
          <Route key={`bepick-eos${n}`} path={`/game/powerball/bepick/eos${n}`} element={<PlaceholderPage page="eos" n={n} provider="bepick" />} />
        ))}
        <Route path="/board/casino-balance" element={<CasinoBalanceRoute />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
