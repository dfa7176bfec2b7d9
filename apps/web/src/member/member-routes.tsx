import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../ui/states.tsx';
import { PostViewPage } from './community/board/post-view-page.tsx';
import { FriendPage } from './community/friend-page.tsx';
import { GameResultPage } from './community/game-result-page.tsx';
import { CustomerPage, EventPage, FreeBoardPage, MessagePage, NoticePage, RulePage } from './community/pages.tsx';
import { BettingHistoryPage } from './betting/betting-history-page.tsx';
import { RequireLogin } from './guard.tsx';
import { HomePage } from './home/home-page.tsx';
import { casinoBalancePage, MONEY_ROUTES } from './money/money-routes.tsx';
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
  ['/slots/:product/:type', 'slotsGame'],
  ['/popup/slot', 'popupSlot'],
  ['/popup/livecasino', 'popupLiveCasino'],
];

/** Spec §2: the casino-balance screen is hidden when the wallet is seamless. */
function CasinoBalanceRoute(): ReactElement {
  const { context } = useMember();
  if (context?.is_seamless) return <NotFoundPage />;
  return casinoBalancePage;
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
        {/* community */}
        <Route path="/board/message" element={<MessagePage />} />
        <Route path="/board/customer" element={<CustomerPage />} />
        <Route path="/board/notice" element={<NoticePage />} />
        <Route path="/board/event" element={<EventPage />} />
        <Route path="/board/game-rule" element={<RulePage />} />
        <Route path="/board/freeboard" element={<FreeBoardPage />} />
        <Route path="/board/view" element={<PostViewPage />} />
        <Route path="/board/friend" element={<FriendPage />} />
        <Route path="/board/game-result" element={<GameResultPage />} />
        <Route path="/board/betting-history" element={<BettingHistoryPage />} />
        {MONEY_ROUTES.map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
