import { useQuery } from '@tanstack/react-query';
import { call, callData } from '../../api/client.ts';
import { MONEY_KEY } from './use-money.ts';

/**
 * The deposit account, asked without the exchange password first: a permanent account already
 * verified in this session answers at once (spec §5), otherwise the server asks for the password.
 */
export function useChargeAccount(enabled: boolean) {
  return useQuery({
    queryKey: [...MONEY_KEY, 'account'],
    queryFn: () => callData('/api/user/bank/getChargeAccount', {}),
    enabled,
    retry: false,
  });
}

/** Shows the deposit account after the exchange password. */
export const revealChargeAccount = (pin: string) => call('/api/user/bank/getChargeAccount', { bank_password: pin });

/** Spec §8 "clear all transition details": hides the member's conversion records from their history. */
export const clearConversions = (requestId: string) => call('/api/user/bank/clearConversions', { request_id: requestId });
