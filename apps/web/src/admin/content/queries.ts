import { useQuery } from '@tanstack/react-query';
import type { CallBody } from '@wager/contracts';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

/** Every content-screen query lives under this key: a write refreshes the lists it may change. */
export const CONTENT_KEY = ['admin', 'content'] as const;
const POSTS_KEY = [...CONTENT_KEY, 'posts'] as const;
const POPUPS_KEY = [...CONTENT_KEY, 'popups'] as const;
const SENDS_KEY = [...CONTENT_KEY, 'sends'] as const;
const TEMPLATES_KEY = [...CONTENT_KEY, 'templates'] as const;
/** The inquiry box's queries (ops/queries.ts INQUIRIES_KEY): close and delete refresh them. */
const INQUIRIES_KEY = ['admin', 'inquiries'] as const;

// ---- notices, events, rules and the free board
export function usePostList(body: CallBody<'/api/admin/board/list'>) {
  return useQuery({ queryKey: [...POSTS_KEY, 'list', body], queryFn: () => callData('/api/admin/board/list', body) });
}
export function usePost(id: number | null) {
  return useQuery({
    queryKey: [...POSTS_KEY, 'one', id],
    queryFn: () => callData('/api/admin/board/get', { id: id! }),
    enabled: id !== null,
  });
}
export const useCreatePost = () => useCallMutation('/api/admin/board/create', [POSTS_KEY]);
export const useUpdatePost = () => useCallMutation('/api/admin/board/update', [POSTS_KEY]);
export const useSetPostVisible = () => useCallMutation('/api/admin/board/setVisible', [POSTS_KEY]);
export const useDeletePost = () => useCallMutation('/api/admin/board/delete', [POSTS_KEY]);
export const useSetCommentVisible = () => useCallMutation('/api/admin/board/setCommentVisible', [POSTS_KEY]);
export const useDeleteComment = () => useCallMutation('/api/admin/board/deleteComment', [POSTS_KEY]);

// ---- pop-ups
export function usePopupList(skip: number) {
  return useQuery({ queryKey: [...POPUPS_KEY, skip], queryFn: () => callData('/api/admin/popup/list', { skip }) });
}
export const useCreatePopup = () => useCallMutation('/api/admin/popup/create', [POPUPS_KEY]);
export const useUpdatePopup = () => useCallMutation('/api/admin/popup/update', [POPUPS_KEY]);
export const useDeletePopup = () => useCallMutation('/api/admin/popup/delete', [POPUPS_KEY]);

// ---- the note box's sent notes
export function useSendList(skip: number) {
  return useQuery({ queryKey: [...SENDS_KEY, skip], queryFn: () => callData('/api/admin/message/sendList', { skip }) });
}

// ---- note and inquiry-answer templates
export function useTemplateList(body: CallBody<'/api/admin/template/list'>) {
  return useQuery({ queryKey: [...TEMPLATES_KEY, 'list', body], queryFn: () => callData('/api/admin/template/list', body) });
}
export function useAllTemplates(kind: CallBody<'/api/admin/template/pickerList'>['kind']) {
  return useQuery({ queryKey: [...TEMPLATES_KEY, 'all', kind], queryFn: () => callData('/api/admin/template/pickerList', { kind }) });
}
export const useCreateTemplate = () => useCallMutation('/api/admin/template/create', [TEMPLATES_KEY]);
export const useUpdateTemplate = () => useCallMutation('/api/admin/template/update', [TEMPLATES_KEY]);
export const useDeleteTemplate = () => useCallMutation('/api/admin/template/delete', [TEMPLATES_KEY]);

// ---- inquiry close and delete (the inquiry box's dialog)
export const useCloseInquiries = () => useCallMutation('/api/admin/inquiry/close', [INQUIRIES_KEY]);
export const useDeleteInquiries = () => useCallMutation('/api/admin/inquiry/delete', [INQUIRIES_KEY]);
