import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client.ts';
import { ComposeModal } from '../editor/compose-modal.tsx';
import { useRefresh } from '../queries.ts';
import { postPath } from './board-meta.ts';

/** Spec §2 free-board post creation: subject, rich text with image upload; opens the new post. */
export function PostCreateModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefresh();
  return (
    <ComposeModal
      testId="post"
      title={t('community.post.createTitle')}
      subjectPlaceholder={t('community.post.subjectPlaceholder')}
      contentPlaceholder={t('community.post.contentPlaceholder')}
      submitLabel={t('community.post.submit')}
      requiredMessage={t('errors.post_required')}
      send={(body) => call('/api/user/board/post/create', body)}
      onSent={async (data) => {
        await refresh.board('free');
        onClose();
        navigate(postPath('free', data.id));
      }}
      onClose={onClose}
    />
  );
}
