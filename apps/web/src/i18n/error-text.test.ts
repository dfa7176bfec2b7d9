import { beforeAll, describe, expect, it } from 'vitest';
import { errorText } from './error-text.ts';
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
    expect(errorText({ code: 'exchange_password_locked', message: '', params: { minutes: 30 } })).toBe('환전 비밀번호를 여러 번 잘못 입력하여 30분 동안 입력이 제한됩니다.');
  });
});
