import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ComposeModal } from '../../../ui/rich-text/compose-modal.tsx';
import { useCreatePost } from '../queries.ts';
import { postPath } from './board-meta.ts';

/** Spec §2 free-board post creation: subject, rich text with image upload; opens the new post. */
export function PostCreateModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const createPost = useCreatePost();
  return (
    <ComposeModal
      testId="post"
      title={t('community.post.createTitle')}
      subjectPlaceholder={t('community.post.subjectPlaceholder')}
      contentPlaceholder={t('community.post.contentPlaceholder')}
      submitLabel={t('community.post.submit')}
      requiredMessage={t('errors.post_required')}
      send={(body) => createPost.mutateAsync(body)}
      onSent={async (data) => {
        onClose();
        await navigate(postPath('free', data.id));
      }}
      onClose={onClose}
    />
  );
}
