import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';

/** Minimal browser stand-ins: the client needs only these globals. */
class MemoryStorage {
  private map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

type Sent = { url: string; init: RequestInit };
let sent: Sent[];
let answers: unknown[];
const assign = vi.fn();

function answerWith(...next: unknown[]) {
  answers = next;
}

beforeEach(() => {
  sent = [];
  answers = [];
  assign.mockReset();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('sessionStorage', new MemoryStorage());
  vi.stubGlobal('window', { location: { pathname: '/board/notice', assign } });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    const next = answers.shift();
    if (next instanceof Error) throw next;
    return { status: 200, json: async () => next };
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

async function load() {
  const client = await import('./client.ts');
  const tokens = await import('./tokens.ts');
  const events = await import('./events.ts');
  return { ...client, ...tokens, ...events };
}

const header = (i: number, name: string) => (sent[i].init.headers as Record<string, string>)[name];

describe('api client', () => {
  test('posts JSON to the full path with the audience token and the page path', async () => {
    const { call, setToken } = await load();
    setToken('player', 'p-token');
    setToken('agent', 'a-token');
    setToken('admin', 'ad-token');
    answerWith({ result: true, data: { ok: true } }, { result: true, data: {} }, { result: true, data: {} });

    await call('/api/user/browse', { path: '/board/notice' });
    await call('/api/agent/getAgentInfo');
    await call('/api/admin/dashboard');

    expect(sent[0].url).toBe('/api/user/browse');
    expect(sent[0].init.method).toBe('POST');
    expect(sent[0].init.credentials).toBe('include');
    expect(JSON.parse(String(sent[0].init.body))).toEqual({ path: '/board/notice' });
    expect(header(0, 'authorization')).toBe('Bearer p-token');
    expect(header(0, 'pathname')).toBe('/board/notice');
    expect(header(1, 'authorization')).toBe('Bearer a-token');
    expect(header(2, 'authorization')).toBe('Bearer ad-token');
    expect(localStorage.getItem('token')).toBe('p-token');
    expect(sessionStorage.getItem('agent_token')).toBe('a-token');
    expect(localStorage.getItem('admin_token')).toBe('ad-token');
  });

  test('setLanguage carries the token of the site the page belongs to', async () => {
    const { call, setToken } = await load();
    setToken('player', 'p-token');
    setToken('agent', 'a-token');
    (window.location as { pathname: string }).pathname = '/pa-users';
    answerWith({ result: true, data: { language: 'en' } });
    await call('/api/setLanguage', { language: 'en' });
    expect(header(0, 'authorization')).toBe('Bearer a-token');
  });

  test('every call carries the page language, so names come in it (Korean before i18n has set it)', async () => {
    const { call } = await load();
    answerWith({ result: true, data: {} }, { result: true, data: {} });
    await call('/api/user/sports/results', {});
    expect(header(0, 'language')).toBe('ko');
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
    await call('/api/user/sports/results', {});
    expect(header(1, 'language')).toBe('en');
  });

  test('a network failure comes back as result false instead of throwing', async () => {
    const { call } = await load();
    answerWith(new TypeError('Failed to fetch'));
    const answer = await call('/api/user/getContext', { path: '/' });
    expect(answer).toEqual({ result: false, data: {}, error: { code: 'network_error', message: 'Failed to fetch' } });
  });

  test('renewSessionToken replaces the stored token of that audience', async () => {
    const { call, setToken, getToken } = await load();
    setToken('agent', 'old');
    answerWith({ result: true, data: {}, renewSessionToken: 'new' });
    await call('/api/agent/getAgentInfo');
    expect(getToken('agent')).toBe('new');
  });

  test('session_expired while logged in clears the token and tells the audience once', async () => {
    const { call, setToken, getToken, onSessionExpired } = await load();
    const expired = vi.fn();
    onSessionExpired('player', expired);
    setToken('player', 'dead');
    const fail = { result: false, data: {}, error: { code: 'session_expired', message: 'Session expired, please log in again.' } };
    answerWith(fail, fail);
    await Promise.all([call('/api/user/browse', { path: '/' }), call('/api/user/updateSession', { path: '/' })]);
    expect(getToken('player')).toBeNull();
    expect(expired).toHaveBeenCalledTimes(1);
  });

  test('session_limit_reached signs the player out once and tells why (the session-time limit, not an expiry)', async () => {
    const { call, setToken, getToken, onSessionExpired } = await load();
    const ended = vi.fn();
    onSessionExpired('player', ended);
    setToken('player', 'limited');
    const limit = { result: false, data: {}, error: { code: 'session_limit_reached', message: 'Your session time limit has been reached.' } };
    const after = { result: false, data: {}, error: { code: 'unauthorized', message: 'Invalid Request' } };
    answerWith(limit, after);
    await Promise.all([call('/api/user/getContext', { path: '/' }), call('/api/user/updateSession', { path: '/' })]);
    expect(getToken('player')).toBeNull();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith('player', 'session_limit');
  });

  test('a refusal keeps its field, rule and params for the translated text', async () => {
    const { call } = await load();
    const refused = {
      result: false,
      data: {},
      error: { code: 'charge_min', message: 'Charge: the minimum is 10,000 won.', field: 'charge_money', params: { amount: '10000' } },
    };
    const invalid = { result: false, data: {}, error: { code: 'validation', message: 'amount: is required', field: 'amount', rule: 'required', params: {} } };
    answerWith(refused, invalid);
    expect(await call('/api/user/bank/charge', { charge_money: '5000', request_id: 'r1' })).toEqual(refused);
    expect(await call('/api/user/bank/charge', { charge_money: '5000', request_id: 'r2' })).toEqual(invalid);
  });

  test("'invalid request admin' sends the browser to the external admin address, except from a login", async () => {
    const { call } = await load();
    const refused = { result: false, data: {}, error: { code: 'ip_not_allowed', message: 'invalid request admin' } };
    (window.location as { pathname: string }).pathname = '/admin';
    answerWith(refused, refused);
    await call('/api/admin/dashboard');
    expect(assign).toHaveBeenCalledTimes(1);
    (window.location as { pathname: string }).pathname = '/admin/login';
    await call('/api/admin/login', { account: 'admin', password: 'x' });
    expect(assign).toHaveBeenCalledTimes(1);
  });
});
