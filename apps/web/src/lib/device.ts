/** Spec §7 login device, sent in Korean: 모바일 (mobile) or PC. */
export function loginDevice(): '모바일' | 'PC' {
  return /Mobi|Android|iPhone|iPad/i.test(navigator.userAgent) ? '모바일' : 'PC';
}
