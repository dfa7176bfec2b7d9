import { useTranslation } from 'react-i18next';
import { formatMoney, formatPoints, groupThousands } from '../lib/money.ts';
import { ErrorText } from '../ui/backoffice/error-text.tsx';
import { Loading } from '../ui/states.tsx';
import { useDashboard } from './queries.ts';

const DASHBOARD_POLL_MS = 30_000;

type Card = { key: string; value: string; note?: string; accent?: boolean; loss?: boolean };

function Cards({ cards, label }: { cards: Card[]; label: (key: string) => string }) {
  return (
    <div className="ad-cards">
      {cards.map((c) => (
        <div
          key={c.key}
          className={['ad-card', c.accent ? 'is-accent' : '', c.loss ? 'is-loss' : ''].filter(Boolean).join(' ')}
          data-testid={`admin-dashboard-${c.key}`}
        >
          <span>{label(c.key)}</span>
          <strong>{c.value}</strong>
          {c.note !== undefined && <small>{c.note}</small>}
        </div>
      ))}
    </div>
  );
}

/** Counts and holdings now, and the site's day so far (deposits, withdrawals, settled bets, profit and loss). */
export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const query = useDashboard(DASHBOARD_POLL_MS);

  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorText error={query.error} />;
  const d = query.data;
  const money = (v: string) => formatMoney(v, i18n.language);
  const count = (n: number) => t('admin.dashboard.count', { count: groupThousands(BigInt(n)) });
  const isLoss = (v: string) => v.startsWith('-');
  const now: Card[] = [
    { key: 'members', value: groupThousands(BigInt(d.members)) },
    { key: 'agents', value: groupThousands(BigInt(d.agents)) },
    { key: 'online', value: groupThousands(BigInt(d.online)), accent: true },
    { key: 'pending_members', value: groupThousands(BigInt(d.pending_members)), accent: d.pending_members > 0 },
    { key: 'money_total', value: money(d.money_total) },
    { key: 'point_total', value: formatPoints(d.point_total, i18n.language) },
  ];
  const day = d.today;
  const today: Card[] = [
    { key: 'charge_amount', value: money(day.charge_amount), note: count(day.charge_count) },
    { key: 'exchange_amount', value: money(day.exchange_amount), note: count(day.exchange_count) },
    { key: 'deposit_pl', value: money(day.deposit_pl), accent: true, loss: isLoss(day.deposit_pl) },
    { key: 'bet_amount', value: money(day.bet_amount), note: count(day.bet_count) },
    { key: 'win_amount', value: money(day.win_amount) },
    { key: 'betting_pl', value: money(day.betting_pl), accent: true, loss: isLoss(day.betting_pl) },
  ];

  return (
    <section className="ad-page" data-testid="admin-dashboard">
      <h1 className="ad-title">{t('admin.nav.dashboard')}</h1>
      <Cards cards={now} label={(k) => t(`admin.dashboard.${k as 'members'}`)} />
      <h2 className="ad-subtitle" data-testid="admin-dashboard-today">
        {t('admin.dashboard.today', { day: day.day })}
      </h2>
      <Cards cards={today} label={(k) => t(`admin.dashboard.day.${k as 'bet_amount'}`)} />
    </section>
  );
}
