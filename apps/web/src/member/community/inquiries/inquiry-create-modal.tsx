import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client.ts';
import { showAlert } from '../../../ui/dialog.tsx';
import { ComposeModal } from '../editor/compose-modal.tsx';
import { useRefresh } from '../queries.ts';

/** Spec §2 inquiry creation modal: subject and rich text; §5 "inquiry title and content". */
export function InquiryCreateModal({ initialSubject, onClose }: { initialSubject: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefresh();
  return (
    <ComposeModal
      testId="inquiry"
      title={t('community.inquiry.createTitle')}
      initialSubject={initialSubject}
      subjectPlaceholder={t('community.inquiry.subjectPlaceholder')}
      contentPlaceholder={t('community.inquiry.contentPlaceholder')}
      submitLabel={t('community.inquiry.submit')}
      requiredMessage={t('errors.inquiry_required')}
      send={(body) => call('/api/user/inquiry/create', body)}
      onSent={async () => {
        await refresh.inquiries();
        onClose();
        await showAlert(t('community.inquiry.created'));
        if (window.location.pathname !== '/board/customer') navigate('/board/customer');
      }}
      onClose={onClose}
    />
  );
}
