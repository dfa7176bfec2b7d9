import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../../lib/date.ts';
import { Loading } from '../../../ui/states.tsx';
import { CommunitySubnav } from '../community-page.tsx';
import { RichHtml } from '../../../ui/rich-text/rich-html.tsx';
import { isNotFound, usePost } from '../queries.ts';
import { BOARDS, isPostType } from './board-meta.ts';
import { Comments } from './comments.tsx';
import { queryErrorText } from '../../../i18n/error-text.ts';

/** Spec §2 /board/view?type=…&id=…: one post; free-board posts carry comments. */
export function PostViewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const typeParam = params.get('type');
  const type = isPostType(typeParam) ? typeParam : 'free';
  const idParam = Number(params.get('id'));
  const id = isPostType(typeParam) && Number.isSafeInteger(idParam) && idParam > 0 ? idParam : 0;
  const query = usePost(type, id);
  const board = BOARDS[type];
  const back = (
    <Link to={board.path} className="ui-btn m-btn-sm" data-testid="post-back">
      {t('community.board.backToList')}
    </Link>
  );

  if (id > 0 && query.isLoading) return <Loading />;
  if (id === 0 || query.error) {
    return (
      <section className="ui-page-block c-page" data-testid="post-missing">
        <CommunitySubnav current={board.path} />
        <h1 className="ui-page-title">{t('member.pages.view')}</h1>
        <div className="c-state c-state-error" role="alert">
          <strong>{id === 0 || isNotFound(query.error) ? t('errors.post_not_found') : queryErrorText(query.error)}</strong>
        </div>
        <div>{back}</div>
      </section>
    );
  }
  const post = query.data!;
  return (
    <article className="ui-page-block c-page c-post" data-testid="post-view">
      <CommunitySubnav current={board.path} />
      <header className="c-post-head">
        <Link to={board.path} className="c-kicker">
          {t(`member.pages.${board.title}`)}
        </Link>
        <h1 className="c-post-title" data-testid="post-title">
          {post.subject}
        </h1>
        <div className="c-post-meta">
          <span>{post.author}</span>
          <time>{formatDateTime(post.created_at)}</time>
          {post.updated_at !== post.created_at && <span className="c-muted">{t('community.board.edited', { date: formatDateTime(post.updated_at) })}</span>}
        </div>
      </header>
      {post.thumbnail && type === 'event' && <img className="c-post-thumb" src={post.thumbnail} alt="" />}
      <RichHtml html={post.content} className="c-post-body" testId="post-content" />
      <div className="c-post-actions">{back}</div>
      {type === 'free' && <Comments type={type} postId={post.id} comments={post.comments} />}
    </article>
  );
}
