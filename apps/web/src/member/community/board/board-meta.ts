import { POST_TYPES } from '@wager/contracts/constants';
import type { PostType } from '../queries.ts';

/** Each board's list route (spec §2) and its page-title key. */
export const BOARDS: Record<PostType, { path: string; title: 'notice' | 'event' | 'gameRule' | 'freeboard' }> = {
  notice: { path: '/board/notice', title: 'notice' },
  event: { path: '/board/event', title: 'event' },
  rule: { path: '/board/game-rule', title: 'gameRule' },
  free: { path: '/board/freeboard', title: 'freeboard' },
};

export function isPostType(value: string | null): value is PostType {
  return value !== null && (POST_TYPES as readonly string[]).includes(value);
}

/** Spec §2 /board/view takes the board type and the post id in the query. */
export function postPath(type: PostType, id: number): string {
  return `/board/view?type=${type}&id=${id}`;
}
