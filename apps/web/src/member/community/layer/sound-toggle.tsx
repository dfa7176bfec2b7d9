import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../../ui/icons.tsx';
import { isSoundOff, playNoticeSound, setSoundOff } from '../../../lib/sound.ts';

/** Spec §3 isSoundOff: the player's switch for the new-message chime. */
export function SoundToggle() {
  const { t } = useTranslation();
  const [off, setOff] = useState(isSoundOff);
  return (
    <button
      type="button"
      className={off ? 'c-sound is-off' : 'c-sound'}
      data-testid="sound-toggle"
      aria-pressed={!off}
      onClick={() => {
        setSoundOff(!off);
        setOff(!off);
        if (off) playNoticeSound();
      }}
    >
      <Icon name={off ? 'mute' : 'sound'} size={15} />
      <span>{off ? t('community.sound.off') : t('community.sound.on')}</span>
    </button>
  );
}
