import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onSessionExpired } from '../api/events.ts';
import { useBodyAudience } from '../lib/body-audience.ts';
import { showAlert } from '../ui/dialog.tsx';
import { MaintenancePage } from '../ui/states.tsx';
import { AuthModals } from './auth/auth-modals.tsx';
import { MemberShell } from './layout/shell.tsx';
import { ShellSkeleton } from './layout/shell-skeleton.tsx';
import { authModal } from './login-store.ts';
import { MemberRoutes } from './member-routes.tsx';
import { MemberSessionProvider, useMember } from './session.tsx';
import './member.css';

/** Spec §8: an expired player session says so, then offers the login modal on the same page. */
function useExpiredSessionPrompt() {
  const { t } = useTranslation();
  useEffect(
    () =>
      onSessionExpired('player', () => {
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
      <MemberShell>
        <MemberRoutes />
      </MemberShell>
      <AuthModals />
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
