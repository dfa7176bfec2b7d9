import { beforeAll, describe, expect, it } from 'vitest';
import { ApiFailure } from '../api/client.ts';
import { errorText, queryErrorText } from './error-text.ts';
import { i18next } from './index.ts';
import en from './locales/en.ts';
import ko from './locales/ko.ts';

beforeAll(async () => {
  await i18next.init({ lng: 'ko', fallbackLng: false, resources: { ko: { translation: ko }, en: { translation: en } }, interpolation: { escapeValue: false } });
});

describe('server error texts with parameters', () => {
  it('words the exchange interval from hours and minutes', async () => {
    await i18next.changeLanguage('ko');
    expect(errorText({ code: 'exchange_too_soon', message: '', params: { hours: 1, minutes: 30 } })).toBe('환전 신청은 1시간 30분에 1회만 가능합니다.');
    expect(errorText({ code: 'exchange_too_soon', message: '', params: { hours: 3, minutes: 0 } })).toBe('환전 신청은 3시간에 1회만 가능합니다.');
    await i18next.changeLanguage('en');
    expect(errorText({ code: 'exchange_too_soon', message: '', params: { hours: 0, minutes: 45 } })).toBe('Only one exchange request every 45 min.');
  });

  it('tells how long the exchange password stays locked', async () => {
    await i18next.changeLanguage('ko');
    expect(errorText({ code: 'exchange_password_locked', message: '', params: { minutes: 30 } })).toBe(
      '환전 비밀번호를 여러 번 잘못 입력하여 30분 동안 입력이 제한됩니다.',
    );
  });
});

describe("server error texts in the reader's language (issue #7)", () => {
  it("formats an amount bound as money in the reader's language", async () => {
    await i18next.changeLanguage('ko');
    expect(errorText({ code: 'charge_min', message: 'Charge: the minimum is 10,000 won.', params: { amount: '10000' } })).toBe(
      '최소 충전 금액은 10,000원입니다.',
    );
    await i18next.changeLanguage('en');
    expect(errorText({ code: 'exchange_unit', message: '', params: { amount: '50000' } })).toBe('Exchange in units of ₩50,000.');
    expect(errorText({ code: 'point_min', message: '', params: { points: '5000' } })).toBe('Points can be converted from 5,000 points.');
  });

  it('fills names and numbers from params', async () => {
    await i18next.changeLanguage('ko');
    expect(errorText({ code: 'exchange_blackout', message: '', params: { start: '23:00', end: '01:00' } })).toBe('23:00 ~ 01:00에는 환전이 불가능합니다.');
    expect(errorText({ code: 'underage', message: '', params: { age: 19 } })).toBe('만 19세 이상만 가입할 수 있습니다.');
    expect(errorText({ code: 'self_excluded', message: '', params: { until: '2026-01-02T03:04:05.000Z' } })).toMatch(
      /^2026-01-0[12] \d{2}:04:05까지 자기 이용 제한 기간이므로 이용할 수 없습니다\.$/,
    );
  });

  it("never shows the server's English message", async () => {
    await i18next.changeLanguage('ko');
    expect(errorText({ code: 'bad_request', message: 'The request body is not valid JSON.' })).toBe('요청 값이 올바르지 않습니다.');
    expect(errorText({ code: 'no_such_code_yet', message: 'Something in English.' })).toBe('요청을 처리하지 못했습니다. 다시 시도해 주세요.');
  });
});

describe('a failed query in words (queryErrorText)', () => {
  it("uses the server's code for an ApiFailure and the generic text for anything else", async () => {
    await i18next.changeLanguage('en');
    const locked = new ApiFailure({ code: 'exchange_password_locked', message: 'locked', params: { minutes: 30 } });
    expect(queryErrorText(locked)).toBe(errorText({ code: 'exchange_password_locked', message: '', params: { minutes: 30 } }));
    expect(queryErrorText(locked)).not.toBe(errorText({ code: 'internal', message: '' }));
    expect(queryErrorText(new TypeError('Failed to fetch'))).toBe(errorText({ code: 'internal', message: '' }));
    expect(queryErrorText(undefined)).toBe(errorText({ code: 'internal', message: '' }));
  });
});
