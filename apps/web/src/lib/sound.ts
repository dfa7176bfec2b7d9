import { readLocal, writeLocal } from './storage.ts';

/** Spec §3: the notification-sound switch is kept in localStorage `isSoundOff` ('true' = off). */
const SOUND_OFF_KEY = 'isSoundOff';

export function isSoundOff(): boolean {
  return readLocal(SOUND_OFF_KEY) === 'true';
}

export function setSoundOff(off: boolean): void {
  writeLocal(SOUND_OFF_KEY, String(off));
}

let audio: AudioContext | null = null;

/** A short two-tone chime made with WebAudio (no audio files). Silent when the browser refuses. */
export function playNoticeSound(): void {
  try {
    const Ctor = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Ctor) return;
    audio ??= new Ctor();
    const ctx = audio;
    if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime + 0.01;
    [880, 1320].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      const t0 = start + i * 0.14;
      osc.type = 'sine';
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.18, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.13);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.14);
    });
  } catch {
    /* no sound is better than a broken page */
  }
}
