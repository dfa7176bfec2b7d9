import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Modal } from '../../ui/modal.tsx';
import { authModal, useAuthModal } from '../login-store.ts';
import { useMember } from '../session.tsx';
import { JoinForm } from './join-form.tsx';
import { LoginForm } from './login-form.tsx';

/** The login modal, and the join modal when the site allows sign-up (context.use_user_join). */
export function AuthModals() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, next } = useAuthModal();
  const { context } = useMember();
  const canJoin = Boolean(context?.use_user_join);

  if (modal === 'login') {
    return (
      <Modal title={t('auth.login')} onClose={authModal.close} testId="login-modal">
        <LoginForm
          onDone={() => {
            authModal.close();
            if (next) void navigate(next);
          }}
          onJoin={canJoin ? authModal.openJoin : undefined}
        />
      </Modal>
    );
  }
  if (modal === 'join' && canJoin) {
    return (
      <Modal title={t('join.title')} onClose={authModal.close} testId="join-modal" wide>
        <JoinForm onDone={() => authModal.openLogin()} />
      </Modal>
    );
  }
  return null;
}
