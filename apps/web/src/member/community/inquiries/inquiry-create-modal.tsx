import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showAlert } from '../../../ui/dialog.tsx';
import { ComposeModal } from '../../../ui/rich-text/compose-modal.tsx';
import { useInquiryActions } from '../queries.ts';

/** Spec §2 inquiry creation modal: subject and rich text; §5 "inquiry title and content". */
export function InquiryCreateModal({ initialSubject, onClose }: { initialSubject: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inquiries = useInquiryActions();
  return (
    <ComposeModal
      testId="inquiry"
      title={t('community.inquiry.createTitle')}
      initialSubject={initialSubject}
      subjectPlaceholder={t('community.inquiry.subjectPlaceholder')}
      contentPlaceholder={t('community.inquiry.contentPlaceholder')}
      submitLabel={t('community.inquiry.submit')}
      requiredMessage={t('errors.inquiry_required')}
      send={(body) => inquiries.create.mutateAsync(body)}
      onSent={async () => {
        onClose();
        await showAlert(t('community.inquiry.created'));
        if (window.location.pathname !== '/board/customer') await navigate('/board/customer');
      }}
      onClose={onClose}
    />
  );
}
