import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import { errorText } from '../../../i18n/error-text.ts';
import { useVerifyRound } from './queries.ts';

type Fair = CallData<'/api/house/slot/spin'>['fair'];
const short = (hex: string) => (hex.length > 20 ? `${hex.slice(0, 10)}…${hex.slice(-8)}` : hex);

/** The last round's seed, its chain anchor and the player's seed, with a server-side recomputation. */
export function FairPanel({ fair, anchor }: { fair: Fair | null; anchor: string | null }) {
  const { t } = useTranslation();
  const verify = useVerifyRound();
  const [open, setOpen] = useState(false);
  const answer = verify.data;
  const checked = answer?.result && answer.data.fair.round_id === fair?.round_id ? answer.data : null;
  return (
    <details className="hs-fair" open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="house-fair">
      <summary>{t('casino.house.fair')}</summary>
      <p className="hs-muted">{t('casino.house.fairIntro')}</p>
      <dl>
        <dt>{t('casino.house.anchor')}</dt>
        <dd title={fair?.anchor ?? anchor ?? ''}>{short(fair?.anchor ?? anchor ?? '—')}</dd>
        {fair ? (
          <>
            <dt>{t('casino.house.round')}</dt>
            <dd>#{fair.round_id}</dd>
            <dt>{t('casino.house.chainUse')}</dt>
            <dd>
              {fair.chain_id}/{fair.use}
            </dd>
            <dt>{t('casino.house.seed')}</dt>
            <dd title={fair.seed}>{short(fair.seed)}</dd>
            <dt>{t('casino.house.clientSeed')}</dt>
            <dd>{short(fair.client_seed)}</dd>
          </>
        ) : null}
      </dl>
      {fair ? (
        <button
          type="button"
          className="hs-btn hs-btn-ghost"
          disabled={verify.isPending}
          onClick={() => verify.mutate({ round_id: fair.round_id })}
          data-testid="house-verify"
        >
          {t('casino.house.verify')}
        </button>
      ) : null}
      {checked ? (
        <p className={checked.chain_ok && checked.result_ok ? 'hs-ok' : 'hs-bad'} data-testid="house-verify-result">
          {checked.chain_ok && checked.result_ok ? t('casino.house.verified') : t('casino.house.verifyFailed')}
        </p>
      ) : answer && !answer.result ? (
        <p className="hs-bad">{errorText(answer.error)}</p>
      ) : null}
    </details>
  );
}
