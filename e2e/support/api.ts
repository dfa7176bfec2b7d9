import { baseUrl, DEMO } from './browser.ts';
import { nextOtp } from './otp.ts';

/** Calls the platform's API straight from the test process (to set up a state, not to test it). */
export async function apiCall(
  path: string,
  body: unknown,
  token?: string,
): Promise<{ result: boolean; data: any; error?: { code: string; message: string; params?: Record<string, string> } }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      pathname: path.startsWith('/api/admin') ? '/admin' : '/',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  return response.json() as Promise<{ result: boolean; data: any }>;
}

/** `apiCall` for set-up steps that must work: its data, or a throw naming the call and its answer. */
export async function apiOk(path: string, body: unknown, token?: string): Promise<any> {
  const answer = await apiCall(path, body, token);
  if (!answer.result) throw new Error(`${path} failed: ${JSON.stringify(answer)}`);
  return answer.data;
}

let cachedAdminToken: string | undefined;

/**
 * The demo super admin's token: the one session the global setup signed in (with its one-time
 * code) for every spec file, else one login per test file (a server started elsewhere).
 */
export async function adminToken(): Promise<string> {
  if (cachedAdminToken) return cachedAdminToken;
  if (process.env.E2E_ADMIN_TOKEN) return (cachedAdminToken = process.env.E2E_ADMIN_TOKEN);
  const answer = await apiCall('/api/admin/login', { account: DEMO.admin.account, password: DEMO.admin.password, otp: await nextOtp(DEMO.admin.account) });
  if (!answer.result) throw new Error(`admin login failed: ${JSON.stringify(answer)}`);
  cachedAdminToken = answer.data.token as string;
  return cachedAdminToken;
}

/** Turns the member or agent site's inspection on or off through the admin settings call. */
export async function setInspection(site: 'inspection' | 'agent_inspection', isDisabled: boolean, memo = ''): Promise<void> {
  const token = await adminToken();
  const answer = await apiCall('/api/admin/settings/update', { settings: { [site]: { is_disabled: isDisabled, memo } } }, token);
  if (!answer.result) throw new Error(`settings update failed: ${JSON.stringify(answer)}`);
}
