import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../ui/hooks.ts';
import { Icon } from '../../ui/icons.tsx';

const pad = (n: number) => String(n).padStart(2, '0');

/** Spec §9: refreshed every second; follows the server's clock when the context carries it. */
export function Clock({ serverTime }: { serverTime?: string }) {
  const { t } = useTranslation();
  const now = useNow(1000);
  // Measured once per server answer so a wrong device clock does not mislead the player.
  const offset = useMemo(() => {
    const server = serverTime ? Date.parse(serverTime) : NaN;
    return Number.isNaN(server) ? 0 : server - Date.now();
  }, [serverTime]);
  const d = new Date(now.getTime() + offset);
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
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
