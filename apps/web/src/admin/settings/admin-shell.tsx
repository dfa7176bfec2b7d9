import { useEffect, useRef } from 'react';
import { SOUND_EVENTS } from '@wager/contracts';
import { isSoundOff } from '../../lib/sound.ts';
import { useNewestWaiting, useShellSettings } from './queries.ts';

/** Plays an uploaded sound; silent when none is set or the browser refuses (no user gesture yet). */
export function playSound(url: string | null | undefined) {
  if (!url) return;
  void new Audio(url).play().catch(() => undefined);
}

/** The admin frame's settings at work: skin and dark mode on the page, the alert sounds. Renders nothing. */
export function AdminShellEffects() {
  const shell = useShellSettings().data;
  const admin_skin = shell?.admin_skin ?? 'A';
  const admin_dark_mode = shell?.admin_dark_mode ?? false;
  useEffect(() => {
    document.body.classList.toggle('ad-dark', admin_dark_mode);
    document.body.dataset.adSkin = admin_skin;
    return () => {
      document.body.classList.remove('ad-dark');
      delete document.body.dataset.adSkin;
    };
  }, [admin_skin, admin_dark_mode]);
  useAlertSounds(shell?.sound);
  return null;
}

/** Every 10 s: a waiting charge, exchange or inquiry newer than the last seen sounds its event's sound (spec §2 sound settings). */
export function useAlertSounds(sound: Record<(typeof SOUND_EVENTS)[number], string | null> | undefined) {
  const anySound = !!sound && SOUND_EVENTS.some((e) => sound[e]);
  const newest = useNewestWaiting(anySound ? 10_000 : false).data;
  const seen = useRef<typeof newest>(undefined);
  useEffect(() => {
    if (!newest || !sound) return;
    const before = seen.current;
    seen.current = newest;
    if (!before || isSoundOff()) return;
    const event = SOUND_EVENTS.find((e) => newest[e] > before[e] && sound[e]);
    if (event) playSound(sound[event]);
  }, [newest, sound]);
}

/** Whether the cash desk prints a receipt after an approval (receipt_printer). */
export function useReceiptPrinter(): boolean {
  const { receipt_printer } = useShellSettings().data ?? { receipt_printer: false };
  return receipt_printer;
}

/** Prints one receipt (lines of label and value) through a hidden frame, so the page itself stays. */
export function printReceipt(title: string, lines: [label: string, value: string][]) {
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;';
  document.body.appendChild(frame);
  const doc = frame.contentDocument!;
  const h = doc.createElement('h3');
  h.textContent = title;
  doc.body.appendChild(h);
  for (const [label, value] of lines) {
    const p = doc.createElement('p');
    p.textContent = `${label}: ${value}`;
    doc.body.appendChild(p);
  }
  doc.body.style.cssText = 'font: 12px monospace; width: 72mm;';
  frame.contentWindow!.print();
  setTimeout(() => frame.remove(), 1000);
}
