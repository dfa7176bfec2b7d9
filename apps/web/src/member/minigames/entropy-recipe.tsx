import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MinigameVerification } from '@wager/contracts';
import type { EntropySteps } from './fair-verify.ts';

/** The source whose inputs are published (decision 049); older rounds keep `bet-list-sha256`. */
export const CHAINED_ENTROPY = 'prev-close-bets-sha256';

/**
 * How the round's entropy is made, with this round's own strings in the order they are hashed and
 * the hashes this browser got from them, so a player can redo each step with any sha256 tool.
 */
export function EntropyRecipe({ v, steps }: { v: MinigameVerification | null; steps: EntropySteps | null }) {
  const { t } = useTranslation();
  const inputs = v?.entropy_inputs ?? null;
  return (
    <div className="mg-box mg-entropy" data-testid="verify-entropy-recipe">
      <h2 className="mg-box-title">{t('minigames.verify.recipe.title')}</h2>
      <p className="mg-verify-how">{t('minigames.verify.recipe.summary')}</p>
      <pre className="mg-mono mg-entropy-formula">
        {'bets    = sha256(line₁ + "\\n" + line₂ + …)\nentropy = sha256(previous + "\\n" + closes_at + "\\n" + bets)'}
      </pre>
      <p className="mg-verify-how">{t('minigames.verify.recipe.terms')}</p>
      {v?.entropy === null && <p className="mg-verify-how">{t('minigames.verify.recipe.pending')}</p>}
      {v && v.entropy !== null && v.entropy_source !== CHAINED_ENTROPY && (
        <p className="mg-verify-how" data-testid="verify-entropy-legacy">
          {t('minigames.verify.recipe.legacy', { source: v.entropy_source })}
        </p>
      )}
      {v && inputs && (
        <>
          <h3 className="mg-entropy-sub">{t('minigames.verify.recipe.example', { n: v.number })}</h3>
          <ol className="mg-entropy-steps" data-testid="verify-entropy-steps">
            <li>
              <span>{t('minigames.verify.recipe.step1', { n: inputs.bets.length })}</span>
              <pre className="mg-mono" data-testid="verify-entropy-bets">
                {inputs.bets.length ? steps?.betLines : t('minigames.verify.recipe.noBets')}
              </pre>
              <span>
                sha256 → <code className="mg-mono">{steps?.betsHash ?? '…'}</code>
              </span>
            </li>
            <li>
              <span>
                {inputs.previous_from === 'round' ? (
                  <Link to={`/fair/verify?game=${v.game}&round=${v.number - 1}`}>{t('minigames.verify.recipe.step2Round', { n: v.number - 1 })}</Link>
                ) : (
                  t('minigames.verify.recipe.step2Anchor')
                )}
              </span>
              <pre className="mg-mono">{inputs.previous}</pre>
            </li>
            <li>
              <span>{t('minigames.verify.recipe.step3')}</span>
              <pre className="mg-mono">{inputs.closes_at}</pre>
            </li>
            <li>
              <span>{t('minigames.verify.recipe.step4')}</span>
              <pre className="mg-mono" data-testid="verify-entropy-text">
                {steps?.text ?? '…'}
              </pre>
              <span>
                sha256 →{' '}
                <code className="mg-mono" data-testid="verify-entropy-recomputed">
                  {steps?.entropy ?? '…'}
                </code>
                {steps && (steps.entropy === v.entropy ? <span className="mg-tick is-ok"> ✓</span> : <span className="mg-tick is-bad"> ✕</span>)}
              </span>
              <span>{t('minigames.verify.recipe.published', { entropy: v.entropy })}</span>
            </li>
          </ol>
        </>
      )}
    </div>
  );
}
