import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../ui/hooks.ts';
import { Icon } from '../../ui/icons.tsx';
import { formatDate, formatTime } from '../../lib/date.ts';

/** Spec §9: refreshed every second; follows the server's clock when the context carries it, in the operating zone. */
export function Clock({ serverTime }: { serverTime?: string }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  // Measured once per server answer so a wrong device clock does not mislead the player.
  const offset = useMemo(() => {
    const server = serverTime ? Date.parse(serverTime) : NaN;
    return Number.isNaN(server) ? 0 : server - Date.now();
  }, [serverTime]);
  const d = new Date(now.getTime() + offset);
  const date = formatDate(d);
  const time = formatTime(d, true);
  return (
    <div className="m-clock" data-testid="clock">
      <Icon name="clock" size={16} />
      <span className="m-clock-label">{t('member.home.clock')}</span>
      <time dateTime={d.toISOString()}>
        <span className="m-clock-date">{date}</span> <b>{time}</b>
      </time>
    </div>
  );
}
