import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { Statement } from './statement.tsx';

const ASSETS = ['money', 'point'] as const;

/** /pa-money-report: the agent's own ledger statement (grants, reclaims, commissions, charges, exchanges, conversions) with its running balance. */
export function PartnerMoneyReportPage() {
  const { t } = useTranslation();
  const [asset, setAsset] = useState<(typeof ASSETS)[number]>('money');
  return (
    <BackofficePage title={t('partnerMoney.report.moneyTitle')} testId="pa-money-report">
      <Tabs tabs={ASSETS} value={asset} onChange={setAsset} label={(a) => t(`partnerMoney.report.asset.${a}`)} testId={(a) => `pa-report-tab-${a}`} />
      <Statement key={asset} asset={asset} groups testId="pa-money-statement" />
    </BackofficePage>
  );
}
