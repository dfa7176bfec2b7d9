import { useTranslation } from 'react-i18next';
import type { Messages } from '../../i18n/types.ts';
import { PreparingPage } from '../../ui/states.tsx';

export type MemberPageKey = keyof Messages['member']['pages'];

/** A routed player screen whose content arrives in a later issue. */
export function PlaceholderPage({ page, n, provider }: { page: MemberPageKey; n?: number; provider?: 'ntry' | 'bepick' }) {
  const { t } = useTranslation();
  const title = t(`member.pages.${page}`, { n });
  return <PreparingPage title={provider ? `${title} · ${t(`member.providers.${provider}`)}` : title} />;
}
