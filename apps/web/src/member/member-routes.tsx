import type { ReactElement } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../ui/states.tsx';
import { PostViewPage } from './community/board/post-view-page.tsx';
import { FriendPage } from './community/friend-page.tsx';
import { GameResultPage } from './community/game-result-page.tsx';
import { CustomerPage, EventPage, FreeBoardPage, MessagePage, NoticePage, RulePage } from './community/pages.tsx';
import { AttendancePage } from './attendance/attendance-page.tsx';
import { BettingHistoryPage } from './betting/betting-history-page.tsx';
import { RequireLogin } from './guard.tsx';
import { HomePage } from './home/home-page.tsx';
import { casinoBalancePage, MONEY_ROUTES } from './money/money-routes.tsx';
import { LoginPage } from './auth/login-page.tsx';
import { LogoutPage } from './auth/logout-page.tsx';
import { SPORTS_HOME, SPORTS_ROUTES } from './sports/sports-routes.tsx';
import { SportsResults } from './sports/results-board.tsx';
import { MinigameResults } from './minigames/results-board.tsx';
import { MinigameRules } from './minigames/rules-board.tsx';
import { FAIR_VERIFY_ROUTE, MINIGAME_ROUTES } from './minigames/minigame-routes.tsx';
import { CASINO_BARE_ROUTES, CASINO_ROUTES } from './casino/casino-routes.tsx';
import { useMember } from './session.tsx';

/** Spec §2: the casino-balance screen is hidden when the wallet is seamless. */
function CasinoBalanceRoute(): ReactElement {
  const { context } = useMember();
  if (context?.is_seamless) return <NotFoundPage />;
  return casinoBalancePage;
}

export function MemberRoutes() {
  return (
    <Routes>
      <Route path="/" element={<HomePage sports={SPORTS_HOME} />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/logout" element={<LogoutPage />} />
      {/* public: anyone can recompute a past mini-game draw */}
      <Route path={FAIR_VERIFY_ROUTE[0]} element={FAIR_VERIFY_ROUTE[1]} />
      <Route element={<RequireLogin />}>
        {[...SPORTS_ROUTES, ...MINIGAME_ROUTES, ...CASINO_ROUTES, ...CASINO_BARE_ROUTES].map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
        <Route path="/board/casino-balance" element={<CasinoBalanceRoute />} />
        {/* community */}
        <Route path="/board/message" element={<MessagePage />} />
        <Route path="/board/customer" element={<CustomerPage />} />
        <Route path="/board/notice" element={<NoticePage />} />
        <Route path="/board/event" element={<EventPage />} />
        <Route path="/board/game-rule" element={<RulePage gameRules={<MinigameRules />} />} />
        <Route path="/board/freeboard" element={<FreeBoardPage />} />
        <Route path="/board/view" element={<PostViewPage />} />
        <Route path="/board/friend" element={<FriendPage />} />
        <Route
          path="/board/game-result"
          element={<GameResultPage sportsResults={() => <SportsResults />} minigameResults={(group) => <MinigameResults key={group} group={group} />} />}
        />
        <Route path="/board/betting-history" element={<BettingHistoryPage />} />
        <Route path="/board/attendance" element={<AttendancePage />} />
        {MONEY_ROUTES.map(([path, element]) => (
          <Route key={path} path={path} element={element} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
