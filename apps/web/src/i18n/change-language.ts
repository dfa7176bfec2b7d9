import type { Language } from '@wager/contracts';
import { call } from '../api/client.ts';
import { rememberLanguage } from './index.ts';

/** Spec §1: tell the server, keep the choice in the browser, then reload the page. */
export async function changeLanguage(language: Language): Promise<void> {
  await call('/api/setLanguage', { language });
  rememberLanguage(language);
  window.location.reload();
}
