import { z } from 'zod';
import { emptyBody, text } from './common.ts';

/** A sound uploaded for the admin back office (see the sound settings). */
export const SOUND_EXTENSIONS = ['mp3', 'wav', 'ogg'] as const;
/** The events the admin back office sounds an alert for. */
export const SOUND_EVENTS = ['deposit', 'withdrawal', 'inquiry'] as const;
export type SoundEvent = (typeof SOUND_EVENTS)[number];

/** What the admin back office's shell needs from the system settings (decision 039). */
export const adminShellSettings = z.object({
  admin_skin: z.enum(['A', 'B']),
  admin_dark_mode: z.boolean(),
  receipt_printer: z.boolean(),
  sound: z.object({ deposit: z.string().nullable(), withdrawal: z.string().nullable(), inquiry: z.string().nullable() }),
});
export type AdminShellSettings = z.infer<typeof adminShellSettings>;

/**
 * Admin settings screens (issue 19). Every screen reads `/api/admin/settings/get` and saves
 * through `/api/admin/settings/update` (calls.ts): one settings service, one audit row per save.
 */
export const adminSettingsCalls = {
  /** Skin, dark mode, receipt printer and alert sounds, read by every admin page's frame. */
  '/api/admin/settings/shell': { body: emptyBody, data: adminShellSettings },
  /** A one-use link to PUT a sound file to (as /api/upload/getSignedUrl does for images). */
  '/api/admin/settings/sound/getSignedUrl': {
    body: z.object({ file_ext: text.trim().toLowerCase().pipe(z.enum(SOUND_EXTENSIONS)) }),
    data: z.object({ url: z.string(), expires_at: z.string() }),
  },
};
