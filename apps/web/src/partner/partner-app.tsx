import { useEffect, type JSX } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { onSessionExpired } from '../api/events.ts';
import { useToken } from '../api/use-token.ts';
import { useBodyAudience } from '../lib/body-audience.ts';
import { showConfirm } from '../ui/dialog.tsx';
import { BackofficeSkinProvider } from '../ui/backoffice/skin.tsx';
import { MaintenancePage, NotFoundPage } from '../ui/states.tsx';
import { AgentSessionProvider, useAgentSiteContext } from './agent-session.tsx';
import { PartnerHomePage } from './home-page.tsx';
import { PartnerCasinoHistoryPage } from './casino/casino-history-page.tsx';
import { PartnerMemberDetailPage } from './detail/member-detail-page.tsx';
import { PartnerCustomerPage } from './board/customer-page.tsx';
import { PartnerMessagePage } from './board/message-page.tsx';
import { PartnerNoticePage } from './board/notice-page.tsx';
import './board/board.css';
import { PartnerAccountFormPage } from './downline/account-form-page.tsx';
import { PartnerChildListPage } from './downline/child-list-page.tsx';
import { PartnerSessionsPage } from './downline/sessions-page.tsx';
import { PartnerByRolePage, PartnerMembersPage, PartnerUserListPage } from './downline/user-list-page.tsx';
import './downline/downline.css';
import { PartnerLowerBankPage } from './money/lower-history-page.tsx';
import { PartnerMoneyReportPage } from './money/money-report-page.tsx';
import { PartnerChargePage, PartnerExchangePage, PartnerPointConvertPage } from './money/request-forms.tsx';
import { PartnerTradeReportPage } from './money/trade-report-page.tsx';
import './money/money.css';
import { PartnerCasinoDetailPage } from './games/casino-detail-page.tsx';
import { PartnerGameLogPage } from './games/game-log-page.tsx';
import { PartnerStarPage } from './star/star-page.tsx';
import { LosingPage } from './losing/losing-page.tsx';
import { StatisticsDaysPage } from './statistics/days-page.tsx';
import { StatisticsRollingPage } from './statistics/rolling-page.tsx';
import { StatisticsTotalPage } from './statistics/total-page.tsx';
import './statistics/statistics.css';
import { ZeusDailyBettingsPage } from './zeus/daily-bettings-page.tsx';
import { ZeusHomePage } from './zeus/home-page.tsx';
import { ZeusRollingPage } from './zeus/rolling-page.tsx';
import { ZeusUserBettingsPage } from './zeus/user-bettings-page.tsx';
import { PartnerLayout } from './layout.tsx';
import { PartnerLoginPage } from './login-page.tsx';
import { PartnerTwoFactorPage } from './two-factor-page.tsx';
import { MENU, POPUP_PATHS, UNLISTED, type PartnerPath } from './menu.ts';
import { isDarkMode } from './preferences.ts';
import { PartnerToasts } from './toast.tsx';
import { useAgentViewport } from './viewport.ts';
import './partner.css';

const MENU_PATHS: PartnerPath[] = [...MENU.flatMap((g) => g.links.map((l) => l.path)), ...UNLISTED];

/** The partner look of the back-office kit (partner.css); its lists show no row-count line. */
const PARTNER_SKIN = { prefix: 'pa' } as const;

/** Every menu screen but the two popups (typed as complete: a path without a screen does not compile). */
const BUILT: Record<Exclude<PartnerPath, '/pa-user-detail' | '/pa-casino-detail'>, JSX.Element> = {
  '/pa-statistics-total': <StatisticsTotalPage />,
  '/pa-statistics-rolling': <StatisticsRollingPage />,
  '/pa-statistics-losing': <LosingPage />,
  '/pa-statistics-days': <StatisticsDaysPage />,
  '/pa-users': <PartnerMembersPage />,
  '/pa-star': <PartnerStarPage />,
  '/pa-agent-user-list-by-role': <PartnerByRolePage />,
  '/pa-accessor': <PartnerSessionsPage online />,
  '/pa-user-connection': <PartnerSessionsPage online={false} />,
  '/pa-zeus-home': <ZeusHomePage />,
  '/pa-zeus-statistics-rolling': <ZeusRollingPage />,
  '/pa-zeus-daily-bettings': <ZeusDailyBettingsPage />,
  '/pa-zeus-user-daily-bettings': <ZeusUserBettingsPage kind="daily" />,
  '/pa-zeus-role-user-daily-bettings': <ZeusUserBettingsPage kind="role" />,
  '/pa-zeus-total-user-bettings': <ZeusUserBettingsPage kind="total" />,
  '/pa-game-casino': <PartnerCasinoHistoryPage type="casino" />,
  '/pa-game-slot': <PartnerCasinoHistoryPage type="slot" />,
  '/pa-game-sports': <PartnerGameLogPage type="sports" />,
  '/pa-game-minigame': <PartnerGameLogPage type="minigame" />,
  '/pa-user-detail-view': <PartnerMemberDetailPage />,
  '/pa-agent-user-list': <PartnerUserListPage />,
  '/pa-child-user-list': <PartnerChildListPage />,
  '/pa-register': <PartnerAccountFormPage kind="member" />,
  '/pa-create-agent': <PartnerAccountFormPage kind="agent" />,
  '/pa-charge-history': <PartnerLowerBankPage type="charge" />,
  '/pa-exchange-history': <PartnerLowerBankPage type="exchange" />,
  '/pa-money-charging': <PartnerChargePage />,
  '/pa-money-exchanging': <PartnerExchangePage />,
  '/pa-point-exchanging': <PartnerPointConvertPage />,
  '/pa-money-report': <PartnerMoneyReportPage />,
  '/pa-trade-report': <PartnerTradeReportPage />,
  '/pa-notice': <PartnerNoticePage />,
  '/pa-customer': <PartnerCustomerPage />,
  '/pa-message': <PartnerMessagePage />,
};

function RequireAgent() {
  const token = useToken('agent');
  if (!token) return <Navigate to="/pa-login" replace />;
  return <Outlet />;
}

/** Popup windows (user detail, casino detail) get the page without menu or header. */
function PopupLayout() {
  return (
    <main className="pa-popup">
      <Outlet />
    </main>
  );
}

/** Spec §8: '세션이 만료되어 재 로그인 하여 주세요', then /pa-login. */
function useExpiredSessionPrompt() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(
    () =>
      onSessionExpired('agent', () => {
        void showConfirm(t('session.agentExpired')).then(() => navigate('/pa-login', { replace: true }));
      }),
    [t, navigate],
  );
}

export default function PartnerApp() {
  const { pathname } = useLocation();
  useBodyAudience('partner', isDarkMode() ? 'pa-dark' : undefined);
  useAgentViewport(pathname);
  useExpiredSessionPrompt();
  const context = useAgentSiteContext();

  if (context?.agent_inspection.is_disabled) return <MaintenancePage memo={context.agent_inspection.memo} />;
  return (
    <AgentSessionProvider context={context}>
      <BackofficeSkinProvider skin={PARTNER_SKIN}>
        <Routes>
          <Route path="/pa-login" element={<PartnerLoginPage />} />
          <Route path="/pa-two-factor" element={<PartnerTwoFactorPage />} />
          <Route element={<PopupLayout />}>
            <Route path="/pa-casino-detail" element={<PartnerCasinoDetailPage />} />
            <Route element={<RequireAgent />}>
              <Route path="/pa-user-detail" element={<PartnerMemberDetailPage />} />
            </Route>
          </Route>
          <Route element={<RequireAgent />}>
            <Route element={<PartnerLayout />}>
              <Route path="/pa" element={<PartnerHomePage />} />
              {MENU_PATHS.filter((p): p is keyof typeof BUILT => !POPUP_PATHS.includes(p)).map((path) => (
                <Route key={path} path={path} element={BUILT[path]} />
              ))}
              <Route path="*" element={<NotFoundPage homePath="/pa" />} />
            </Route>
          </Route>
        </Routes>
        <PartnerToasts />
      </BackofficeSkinProvider>
    </AgentSessionProvider>
  );
}
