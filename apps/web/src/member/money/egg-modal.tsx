import { useTranslation } from 'react-i18next';
import { Modal } from '../../ui/modal.tsx';
import { useMember } from '../session.tsx';
import { ConvertForm, type Direction } from './convert-form.tsx';
import { useBankLimits } from './use-money.ts';
import { useConvertEgg } from './queries.ts';

type EggWay = 'to_egg' | 'to_money';
const WAYS: readonly [Direction<EggWay>, Direction<EggWay>] = [
  { key: 'to_egg', from: 'money', to: 'egg' },
  { key: 'to_money', from: 'egg', to: 'money' },
];

/** Spec §2 balance/egg conversion modal: money ↔ egg, from the configured level up. */
export function EggModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const convertEgg = useConvertEgg();
  const { user } = useMember();
  const limits = useBankLimits();
  const minLevel = limits.data?.egg_min_level ?? 1;
  const tooLow = Boolean(user && limits.data && user.level < minLevel);

  return (
    <Modal title={t('money.egg.title')} onClose={onClose} testId="egg-modal">
      <ConvertForm
        directions={WAYS}
        testId="egg"
        failTitle={(d) => t(d === 'to_egg' ? 'money.egg.chargeFailed' : 'money.egg.exchangeFailed')}
        doneText={(d) => t(d === 'to_egg' ? 'money.egg.chargeDone' : 'money.egg.exchangeDone')}
        disabled={tooLow}
        send={(direction, amount, requestId) => convertEgg.mutateAsync({ direction, amount, request_id: requestId })}
      >
        {/* The level rule concerns only members below it; an eligible member is not told "from Lv.1". */}
        {tooLow && (
          <p className="mn-error" data-testid="egg-level">
            {t('money.egg.levelTooLow', { level: minLevel })}
          </p>
        )}
      </ConvertForm>
    </Modal>
  );
}
