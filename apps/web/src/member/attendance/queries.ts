import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';
import { CONTEXT_KEY } from '../queries.ts';

export const ATTENDANCE_KEY = ['member', 'attendance'] as const;

/** One month's attended days (default this local month), the bonus table, today's check and the run. */
export function useAttendanceMonth(month: string | undefined) {
  return useQuery({
    queryKey: [...ATTENDANCE_KEY, month ?? 'current'],
    queryFn: () => callData('/api/user/attendance/get', month ? { month } : {}),
    placeholderData: keepPreviousData,
  });
}

/** Today's check-in; a paid bonus changes the points in the header, so the context is read again. */
export const useCheckAttendance = () => useCallMutation('/api/user/attendance/check', [ATTENDANCE_KEY, CONTEXT_KEY]);
