import { useTranslation } from 'react-i18next';
import { formatMoney, formatPoints, groupThousands } from '../lib/money.ts';
import { ErrorText } from '../ui/backoffice/error-text.tsx';
import { Loading } from '../ui/states.tsx';
import { useDashboard } from './queries.ts';

const DASHBOARD_POLL_MS = 30_000;

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const query = useDashboard(DASHBOARD_POLL_MS);

  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorText error={query.error} />;
  const d = query.data;
  const cards: { key: keyof typeof d; value: string; accent?: boolean }[] = [
    { key: 'members', value: groupThousands(BigInt(d.members)) },
    { key: 'agents', value: groupThousands(BigInt(d.agents)) },
    { key: 'online', value: groupThousands(BigInt(d.online)), accent: true },
    { key: 'pending_members', value: groupThousands(BigInt(d.pending_members)), accent: d.pending_members > 0 },
    { key: 'money_total', value: formatMoney(d.money_total, i18n.language) },
    { key: 'point_total', value: formatPoints(d.point_total, i18n.language) },
  ];

  return (
    <section className="ad-page" data-testid="admin-dashboard">
      <h1 className="ad-title">{t('admin.nav.dashboard')}</h1>
      <div className="ad-cards">
        {cards.map((c) => (
          <div key={c.key} className={c.accent ? 'ad-card is-accent' : 'ad-card'} data-testid={`admin-dashboard-${c.key}`}>
            <span>{t(`admin.dashboard.${c.key}`)}</span>
            <strong>{c.value}</strong>
          </div>
        ))}
      </div>
    </section>
  );
}
