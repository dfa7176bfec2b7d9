import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/date.ts';
import { Pagination } from '../../../ui/pagination.tsx';
import { ListState } from '../list-state.tsx';
import { PAGE_SIZE, useBoard, type PostType } from '../queries.ts';
import { postPath } from './board-meta.ts';

type Props = {
  type: PostType;
  /** Inside the community modal a click also closes the modal. */
  onNavigate?: () => void;
};

/** The local calendar day (the server sends UTC instants). */
const day = (iso: string) => formatDate(iso);

/** Spec §9: 20 per page. Notices, rules and the free board as rows; events as thumbnail cards. */
export function PostList({ type, onNavigate }: Props) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useBoard(type, page);
  const posts = query.data?.posts;
  const total = query.data?.total ?? 0;
  const firstNumber = total - (page - 1) * PAGE_SIZE.board;

  return (
    <div className="c-box" data-testid={`post-list-${type}`}>
      <ListState isLoading={query.isLoading} error={query.error} isEmpty={!posts?.length} emptyText={t(`community.board.empty.${type}`)}>
        {type === 'event' ? (
          <div className="c-cards">
            {posts?.map((p) => (
              <Link key={p.id} to={postPath(type, p.id)} className="c-card" data-testid="post-row" onClick={onNavigate}>
                {p.thumbnail ? <img src={p.thumbnail} alt="" loading="lazy" /> : <span className="c-card-blank">{t('community.board.event')}</span>}
                <span className="c-card-title">{p.subject}</span>
                <time className="c-card-date">{day(p.created_at)}</time>
              </Link>
            ))}
          </div>
        ) : (
          <div className="c-table" role="table">
            <div className="c-thead" role="row">
              <span role="columnheader" className="c-col-no">
                {t('community.board.no')}
              </span>
              <span role="columnheader" className="c-col-subject">
                {t('community.common.subject')}
              </span>
              <span role="columnheader" className="c-col-author">
                {t('community.board.author')}
              </span>
              <span role="columnheader" className="c-col-date">
                {t('community.board.date')}
              </span>
            </div>
            {posts?.map((p, i) => (
              <Link key={p.id} to={postPath(type, p.id)} className="c-tr" role="row" data-testid="post-row" onClick={onNavigate}>
                <span role="cell" className="c-col-no">
                  {type === 'notice' ? <span className="c-badge c-badge-accent">{t('community.board.noticeBadge')}</span> : firstNumber - i}
                </span>
                <span role="cell" className="c-col-subject">
                  <span className="c-subject-text">{p.subject}</span>
                  {p.comment_count > 0 && <span className="c-comment-count">[{p.comment_count}]</span>}
                </span>
                <span role="cell" className="c-col-author">
                  {p.author}
                </span>
                <span role="cell" className="c-col-date">
                  <time>{day(p.created_at)}</time>
                </span>
              </Link>
            ))}
          </div>
        )}
      </ListState>
      {total > PAGE_SIZE.board && <Pagination page={page} total={total} perPage={PAGE_SIZE.board} onChange={setPage} />}
    </div>
  );
}
