import { expect, test } from 'vitest';
import { audienceOfCall, audienceOfPage } from './audience.ts';

test('pages belong to the partner tree under /pa and /pa-…, the admin tree under /admin', () => {
  expect(audienceOfPage('/pa')).toBe('agent');
  expect(audienceOfPage('/pa-login')).toBe('agent');
  expect(audienceOfPage('/pa-zeus-home')).toBe('agent');
  expect(audienceOfPage('/admin')).toBe('admin');
  expect(audienceOfPage('/admin/login')).toBe('admin');
  expect(audienceOfPage('/')).toBe('player');
  expect(audienceOfPage('/pages')).toBe('player');
  expect(audienceOfPage('/administrator')).toBe('player');
});

test('calls carry the token of their prefix; setLanguage follows the page', () => {
  expect(audienceOfCall('/api/admin/dashboard', '/')).toBe('admin');
  expect(audienceOfCall('/api/agent/getAgentInfo', '/')).toBe('agent');
  expect(audienceOfCall('/api/user/getContext', '/pa')).toBe('player');
  expect(audienceOfCall('/api/setLanguage', '/pa-users')).toBe('agent');
  expect(audienceOfCall('/api/setLanguage', '/admin/ip')).toBe('admin');
  expect(audienceOfCall('/api/setLanguage', '/board/notice')).toBe('player');
  expect(audienceOfCall('/api/inquiry/create', '/pa-customer')).toBe('agent');
  expect(audienceOfCall('/api/board/getNotices', '/pa-notice')).toBe('agent');
  expect(audienceOfCall('/api/upload/getSignedUrl', '/pa-customer')).toBe('agent');
  expect(audienceOfCall('/api/upload/getSignedUrl', '/board/customer')).toBe('player');
  expect(audienceOfCall('/api/upload/getSignedUrl', '/admin/board')).toBe('admin');
});
