import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import { errorText } from '../../../i18n/error-text.ts';
import { formatDateTime } from '../../../lib/date.ts';
import { groupThousands } from '../../../lib/money.ts';
import { showAlert } from '../../../ui/dialog.tsx';
import { useCreateComment, type PostType } from '../queries.ts';

type Comment = CallData<'/api/user/board/view'>['post']['comments'][number];
const MAX_COMMENT = 1000;

/**
 * Comments under a post. Spec §9: a comment earns 50 points, five times a day; the answer
 * says whether this one did, and the header's points refresh.
 */
export function Comments({ type, postId, comments }: { type: PostType; postId: number; comments: Comment[] }) {
  const { t } = useTranslation();
  const createComment = useCreateComment(type, postId);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [reward, setReward] = useState<{ paid: boolean; text: string } | null>(null);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!text.trim()) {
      await showAlert(t('errors.comment_required'));
      return;
    }
    setBusy(true);
    const answer = await createComment.mutateAsync({ post_id: postId, content: text.trim() });
    setBusy(false);
    if (!answer.result) {
      await showAlert(errorText(answer.error));
      return;
    }
    setText('');
    const paid = answer.data.reward_point !== '0';
    setReward({
      paid,
      text: paid
        ? t('community.comment.rewarded', { point: groupThousands(answer.data.reward_point), count: answer.data.rewarded_today })
        : t('community.comment.rewardLimit'),
    });
  }

  return (
    <section className="c-comments" data-testid="comments">
      <h2 className="c-comments-title">{t('community.comment.title', { count: comments.length })}</h2>
      <ul className="c-comment-list">
        {comments.length === 0 && <li className="c-muted c-comment-empty">{t('community.comment.empty')}</li>}
        {comments.map((c) => (
          <li key={c.id} className="c-comment" data-testid="comment">
            <div className="c-comment-head">
              <b>{c.author}</b>
              <time>{formatDateTime(c.created_at)}</time>
            </div>
            <p className="c-comment-text">{c.content}</p>
          </li>
        ))}
      </ul>
      <form className="c-comment-form" onSubmit={(e) => void submit(e)} noValidate>
        <textarea
          className="ui-input c-textarea"
          data-testid="comment-input"
          rows={3}
          maxLength={MAX_COMMENT}
          value={text}
          placeholder={t('community.comment.placeholder')}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="c-comment-foot">
          <span className="c-muted">
            {text.length}/{MAX_COMMENT} · {t('community.comment.rewardHint')}
          </span>
          <button type="submit" className="ui-btn ui-btn-primary m-btn-sm" data-testid="comment-submit" disabled={busy}>
            {t('community.comment.submit')}
          </button>
        </div>
        {reward && (
          <p className={reward.paid ? 'c-reward is-paid' : 'c-reward'} role="status" data-testid="comment-reward">
            {reward.text}
          </p>
        )}
      </form>
    </section>
  );
}
