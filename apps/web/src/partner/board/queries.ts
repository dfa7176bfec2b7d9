import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';
import { AGENT_INFO_KEY } from '../queries.ts';

const NOTICES_KEY = ['agent', 'notices'] as const;
const INQUIRIES_KEY = ['agent', 'inquiries'] as const;
const MESSAGES_KEY = ['agent', 'messages'] as const;

/** Spec §7 `/board/getNotices` (the agent path is /api + path). */
export function useAgentNotices(skip: number) {
  return useQuery({ queryKey: [...NOTICES_KEY, skip], queryFn: () => callData('/api/board/getNotices', { skip }), placeholderData: keepPreviousData });
}

export function useAgentNotice(id: number) {
  return useQuery({ queryKey: [...NOTICES_KEY, 'view', id], queryFn: () => callData('/api/agent/board/view', { id }) });
}

/** The agent's own inquiries with their contents (5 per page, spec §9). */
export function useAgentInquiries(skip: number) {
  return useQuery({
    queryKey: [...INQUIRIES_KEY, skip],
    queryFn: () => callData('/api/agent/inquiry/get', { skip, requiredContent: true }),
    placeholderData: keepPreviousData,
  });
}

/** The agent's message box (10 per page, spec §7). */
export function useAgentMessages(skip: number) {
  return useQuery({ queryKey: [...MESSAGES_KEY, skip], queryFn: () => callData('/api/agent/message/get', { skip }), placeholderData: keepPreviousData });
}

// Reading changes the unread counts of the login info (the header and the unread watcher).
export const useCreateInquiry = () => useCallMutation('/api/inquiry/create', [INQUIRIES_KEY]);
export const useDeleteInquiry = () => useCallMutation('/api/agent/inquiry/delete', [INQUIRIES_KEY, AGENT_INFO_KEY]);
export const useReadMessages = () => useCallMutation('/api/agent/message/read', [MESSAGES_KEY, AGENT_INFO_KEY]);
export const useDeleteMessage = () => useCallMutation('/api/agent/message/delete', [MESSAGES_KEY, AGENT_INFO_KEY]);

/** Opening an answered inquiry marks it read (spec §4); the list and the counts follow. */
export const useReadInquiry = () => useCallMutation('/api/agent/inquiry/read', [INQUIRIES_KEY, AGENT_INFO_KEY]);
