import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { POST_TYPES } from '@wager/contracts';
import { ApiFailure, callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';
import { CONTEXT_KEY } from '../session.tsx';

export type PostType = (typeof POST_TYPES)[number];

/** Spec §9 page sizes. */
export const PAGE_SIZE = { messages: 10, inquiries: 5, board: 20 } as const;

export const communityKeys = {
  all: ['community'] as const,
  messages: (page: number) => ['community', 'messages', page] as const,
  inquiries: (page: number) => ['community', 'inquiries', page] as const,
  board: (type: PostType, page: number) => ['community', 'board', type, page] as const,
  post: (type: PostType, id: number) => ['community', 'post', type, id] as const,
};

const skipOf = (page: number, size: number) => (Math.max(1, page) - 1) * size;

export function useMessages(page: number) {
  return useQuery({
    queryKey: communityKeys.messages(page),
    queryFn: () => callData('/api/user/message/get', { skip: skipOf(page, PAGE_SIZE.messages) }),
    placeholderData: keepPreviousData,
  });
}

export function useInquiries(page: number) {
  return useQuery({
    queryKey: communityKeys.inquiries(page),
    queryFn: () => callData('/api/user/inquiry/get', { skip: skipOf(page, PAGE_SIZE.inquiries), requiredContent: true }),
    placeholderData: keepPreviousData,
  });
}

/** One list shape for the four boards (notices, events, rules, free board). */
export async function fetchBoard(type: PostType, page: number) {
  const body = { skip: skipOf(page, PAGE_SIZE.board) };
  switch (type) {
    case 'notice':
      return callData('/api/user/board/getNotices', body).then((d) => ({ posts: d.notices, total: d.total }));
    case 'event':
      return callData('/api/user/board/getEvents', body).then((d) => ({ posts: d.events, total: d.total }));
    case 'rule':
      return callData('/api/user/board/getRules', body).then((d) => ({ posts: d.rules, total: d.total }));
    case 'free':
      return callData('/api/user/board/getCommunity', body);
  }
}

export function useBoard(type: PostType, page: number) {
  return useQuery({ queryKey: communityKeys.board(type, page), queryFn: () => fetchBoard(type, page), placeholderData: keepPreviousData });
}

export function usePost(type: PostType, id: number) {
  return useQuery({
    queryKey: communityKeys.post(type, id),
    queryFn: () => callData('/api/user/board/view', { type, id }).then((d) => d.post),
    enabled: id > 0,
  });
}

/** Refreshes the header (money, points, unread counts) and the community lists after a change. */
export function useRefresh() {
  const queryClient = useQueryClient();
  return {
    context: () => queryClient.invalidateQueries({ queryKey: CONTEXT_KEY }),
    messages: () => queryClient.invalidateQueries({ queryKey: ['community', 'messages'] }),
    inquiries: () => queryClient.invalidateQueries({ queryKey: ['community', 'inquiries'] }),
    board: (type: PostType) => queryClient.invalidateQueries({ queryKey: ['community', 'board', type] }),
    post: (type: PostType, id: number) => queryClient.invalidateQueries({ queryKey: communityKeys.post(type, id) }),
  };
}

const MESSAGES_KEY = ['community', 'messages'] as const;
const INQUIRIES_KEY = ['community', 'inquiries'] as const;
const boardKey = (type: PostType) => ['community', 'board', type] as const;

/** Note-box changes: the list and the header's unread count refresh on success. */
export function useMessageActions() {
  const refreshes = [MESSAGES_KEY, CONTEXT_KEY];
  return {
    read: useCallMutation('/api/user/message/read', refreshes),
    readAll: useCallMutation('/api/user/message/readAll', refreshes),
    remove: useCallMutation('/api/user/message/delete', refreshes),
    removeAllRead: useCallMutation('/api/user/message/deleteAllRead', refreshes),
  };
}

/** Inquiry-box changes: the list (and, for read/delete, the header's unread replies). */
export function useInquiryActions() {
  return {
    read: useCallMutation('/api/user/inquiry/read', [INQUIRIES_KEY, CONTEXT_KEY]),
    remove: useCallMutation('/api/user/inquiry/delete', [INQUIRIES_KEY, CONTEXT_KEY]),
    quickAccount: useCallMutation('/api/user/inquiry/quickAccount', [INQUIRIES_KEY]),
    create: useCallMutation('/api/user/inquiry/create', [INQUIRIES_KEY]),
  };
}

export const useCreatePost = () => useCallMutation('/api/user/board/post/create', [boardKey('free')]);

/** A comment may pay points (spec §9): the post, its board and the header refresh. */
export const useCreateComment = (type: PostType, postId: number) =>
  useCallMutation('/api/user/board/post/createComment', [communityKeys.post(type, postId), boardKey(type), CONTEXT_KEY]);

/** Spec §7 upload, first step: a signed URL for one image. */

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiFailure && (error.code === 'post_not_found' || error.code === 'not_found');
}
