import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onSessionExpired } from '../api/events.ts';
import { useBodyAudience } from '../lib/body-audience.ts';
import { showAlert } from '../ui/dialog.tsx';
import { MaintenancePage } from '../ui/states.tsx';
import { AuthModals } from './auth/auth-modals.tsx';
import { BettingHistoryModalHost, bettingModal } from './betting/betting-modal.tsx';
import { CommunityLayer } from './community/community-layer.tsx';
import { CommunitySideLinks } from './community/layer/community-links.tsx';
import { MessageLink } from './community/layer/message-link.tsx';
import { MemberShell } from './layout/shell.tsx';
import { ShellSkeleton } from './layout/shell-skeleton.tsx';
import type { ShellSlots } from './layout/shell-slots.tsx';
import { authModal } from './login-store.ts';
import { MemberRoutes } from './member-routes.tsx';
import { RealityCheckHost } from './protection/reality-check.tsx';
import { MoneyModalHost } from './money/profile-modal.tsx';
import { moneyModal } from './money/profile-store.ts';
import { MemberSessionProvider, useMember } from './session.tsx';
import './member.css';

/** The features the shell shows: composed here, the one place that knows every member feature. */
const SHELL_SLOTS: ShellSlots = {
  messageLink: <MessageLink />,
  modalHosts: (
    <>
      <MoneyModalHost />
      <BettingHistoryModalHost />
    </>
  ),
  communityLayer: <CommunityLayer />,
  sideLinks: (props) => <CommunitySideLinks {...props} />,
  openProfile: () => moneyModal.openProfile(),
  openBettingHistory: (isLoggedIn) => bettingModal.open(isLoggedIn),
};

/** Spec §8: an expired player session says so, then offers the login modal on the same page. */
function useExpiredSessionPrompt() {
  const { t } = useTranslation();
  useEffect(
    () =>
      onSessionExpired('player', (_audience, reason) => {
        // The session-time limit the player set ended the session: say so, and offer no login on the spot.
        if (reason === 'session_limit') return void showAlert(t('errors.session_limit_reached'));
        void showAlert(t('session.expired')).then(() => authModal.openLogin(window.location.pathname + window.location.search));
      }),
    [t],
  );
}

function MemberSite() {
  const { context, isFirstLoad } = useMember();
  useExpiredSessionPrompt();
  // Until the first context answer, a signed-in player must not see the guest site.
  if (isFirstLoad) return <ShellSkeleton />;
  if (context?.inspection.is_disabled) return <MaintenancePage memo={context.inspection.memo} />;
  return (
    <>
      <MemberShell slots={SHELL_SLOTS}>
        <MemberRoutes />
      </MemberShell>
      <AuthModals />
      <RealityCheckHost />
    </>
  );
}

export default function MemberApp() {
  useBodyAudience('member');
  return (
    <MemberSessionProvider>
      <MemberSite />
    </MemberSessionProvider>
  );
}
