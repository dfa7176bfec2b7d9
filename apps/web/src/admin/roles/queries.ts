import { useQuery } from '@tanstack/react-query';
import { callData } from '../../api/client.ts';
import { useCallMutation } from '../../api/mutations.ts';

export const ROLES_KEY = ['admin', 'roles'] as const;

/** The signed-in admin's role and levels: the side menu hides what the role cannot use. */
export function useMyRole() {
  return useQuery({ queryKey: [...ROLES_KEY, 'mine'], queryFn: () => callData('/api/admin/roles/mine'), staleTime: 60_000 });
}

export function useRoleList() {
  return useQuery({ queryKey: [...ROLES_KEY, 'list'], queryFn: () => callData('/api/admin/roles/list') });
}

export function useAdminAccounts() {
  return useQuery({ queryKey: [...ROLES_KEY, 'admins'], queryFn: () => callData('/api/admin/roles/admins/list') });
}

export const useCreateRole = () => useCallMutation('/api/admin/roles/create', [ROLES_KEY]);
export const useUpdateRole = () => useCallMutation('/api/admin/roles/update', [ROLES_KEY]);
export const useDeleteRole = () => useCallMutation('/api/admin/roles/delete', [ROLES_KEY]);
export const useAssignRole = () => useCallMutation('/api/admin/roles/assign', [ROLES_KEY]);
export const useResetAdminTwoFactor = () => useCallMutation('/api/admin/roles/twoFactorReset', [ROLES_KEY]);
