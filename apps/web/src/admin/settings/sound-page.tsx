import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SOUND_EVENTS, SOUND_EXTENSIONS, type SoundEvent } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { playSound } from './admin-shell.tsx';
import { SettingsTabs } from './settings-tabs.tsx';
import { soundUploadUrl, useSystemSettings, useUpdateSettings } from './queries.ts';

type Sounds = Record<SoundEvent, string | null>;
const MIME = { mp3: 'audio/mpeg', wav: 'audio/wav', ogg: 'audio/ogg' } as const;
const MAX_BYTES = 5 * 1024 * 1024;

/** Upload a sound and send the file there; answers its address (the upload link without its query). */
async function uploadSound(file: File): Promise<string> {
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() as (typeof SOUND_EXTENSIONS)[number];
  if (!SOUND_EXTENSIONS.includes(ext) || file.size === 0 || file.size > MAX_BYTES) throw new Error('bad_type');
  const signed = await soundUploadUrl(ext);
  const r = await fetch(signed.url, { method: 'PUT', body: file, headers: { 'content-type': MIME[ext] }, credentials: 'omit' });
  if (!r.ok) throw new Error('upload');
  return signed.url.split('?')[0];
}

/** Sound settings: a sound per event (new charge request, exchange request, inquiry), uploaded here, played by the back office. */
export function SoundSettingsPage() {
  const { t } = useTranslation();
  const query = useSystemSettings();
  return (
    <BackofficePage title={t('adminSettings.screens.sound.title')} testId="admin-settings-sound" className="set-page">
      <SettingsTabs current="sound" />
      <p className="ad-note">{t('adminSettings.screens.sound.intro')}</p>
      <QueryState query={query}>{(data) => <SoundForm sounds={data.settings.sound as Sounds} />}</QueryState>
    </BackofficePage>
  );
}

function SoundForm({ sounds }: { sounds: Sounds }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const [busy, setBusy] = useState<SoundEvent | null>(null);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);

  async function save(event: SoundEvent, url: string | null) {
    const answer = await update.mutateAsync({ settings: { sound: { ...sounds, [event]: url } } });
    setMessage(answer.result ? { ok: true, text: t('adminSettings.saved') } : { ok: false, text: errorText(answer.error) });
  }

  async function upload(event: SoundEvent, file: File | undefined) {
    if (!file) return;
    setBusy(event);
    setMessage(null);
    try {
      await save(event, await uploadSound(file));
    } catch {
      setMessage({ ok: false, text: t('adminSettings.sound.uploadFailed') });
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="ad-panel set-form" data-testid="sound-form">
      <table className="ad-table set-sounds">
        <tbody>
          {SOUND_EVENTS.map((event) => (
            <tr key={event} data-testid={`sound-${event}`}>
              <th>{t(`adminSettings.sound.events.${event}`)}</th>
              <td>
                {sounds[event] ? (
                  <span className="mono">{sounds[event]!.slice(sounds[event]!.lastIndexOf('/') + 1)}</span>
                ) : (
                  <span className="ad-muted" data-testid={`sound-${event}-none`}>
                    {t('adminSettings.sound.none')}
                  </span>
                )}
              </td>
              <td className="set-sound-actions">
                <label className="ui-btn ad-btn-sm">
                  {busy === event ? t('adminSettings.saving') : t('adminSettings.sound.upload')}
                  <input
                    type="file"
                    hidden
                    accept=".mp3,.wav,.ogg,audio/mpeg,audio/wav,audio/ogg"
                    data-testid={`sound-${event}-file`}
                    disabled={busy !== null}
                    onChange={(e) => void upload(event, e.target.files?.[0])}
                  />
                </label>
                <button type="button" className="ui-btn ad-btn-sm" disabled={!sounds[event]} onClick={() => playSound(sounds[event])}>
                  {t('adminSettings.sound.play')}
                </button>
                <button type="button" className="ui-btn ad-btn-sm" disabled={!sounds[event] || update.isPending} onClick={() => void save(event, null)}>
                  {t('adminSettings.sound.remove')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {message && (
        <p className={message.ok ? 'ad-ok' : 'ad-error'} data-testid="settings-message">
          {message.text}
        </p>
      )}
    </div>
  );
}
