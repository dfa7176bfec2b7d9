import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { MinigameKey, MinigameVerification } from '@wager/contracts';
import { MINIGAME_KEYS } from '@wager/contracts/constants';
import { queryErrorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { Loading } from '../../ui/states.tsx';
import { DrawView } from './draw-view.tsx';
import { recomputeDraw, sameDraw } from './fair-draws.ts';
import { recomputeEntropy, verifyChain, verifyLink, type EntropySteps } from './fair-verify.ts';
import { CHAINED_ENTROPY, EntropyRecipe } from './entropy-recipe.tsx';
import { drawText } from './history-table.tsx';
import { gameLabel } from './labels.ts';
import { useCommitments, useVerification } from './queries.ts';
import './minigames.css';

type Check = 'pending' | 'ok' | 'bad' | 'na';
type Checks = { link: Check; chain: Check; entropy: Check; draw: Check; recomputed: string | null; steps: EntropySteps | null };

const isGame = (v: string | null): v is MinigameKey => v !== null && (MINIGAME_KEYS as readonly string[]).includes(v);

async function runChecks(v: MinigameVerification): Promise<Checks> {
  // The chained entropy is public from the close on; the first recipe's bet list never is (decision 049).
  const steps = v.entropy_inputs ? await recomputeEntropy(v.entropy_inputs) : null;
  const entropy: Check = v.entropy_source !== CHAINED_ENTROPY || v.entropy === null ? 'na' : steps?.entropy === v.entropy ? 'ok' : 'bad';
  if (!v.seed) return { link: 'na', chain: 'na', entropy, draw: 'na', recomputed: null, steps };
  const [link, chain] = await Promise.all([v.prev_hash ? verifyLink(v.seed, v.prev_hash) : null, verifyChain(v.seed, v.index, v.chain.anchor)]);
  let draw: Check = 'na';
  let recomputed: string | null = null;
  if (v.message && v.result) {
    const again = await recomputeDraw(v.game, v.seed, v.message);
    if (again) {
      recomputed = drawText(again);
      draw = sameDraw(again, v.result.draw) ? 'ok' : 'bad';
    }
  }
  return { link: link === null ? 'na' : link ? 'ok' : 'bad', chain: chain ? 'ok' : 'bad', entropy, draw, recomputed, steps };
}

/**
 * Public page (no login): pick a game and a round, see the commitment, the revealed seed, the
 * entropy and the result, and recompute all of it here with WebCrypto (HMAC-SHA256).
 */
export default function VerifyPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const game: MinigameKey = isGame(params.get('game')) ? (params.get('game') as MinigameKey) : 'ntry_eos1';
  const roundParam = Number(params.get('round'));
  const round = Number.isInteger(roundParam) && roundParam > 0 ? roundParam : null;
  const [draft, setDraft] = useState({ game, round: round ? String(round) : '' });
  const query = useVerification(game, round);
  const commitments = useCommitments(game);
  const [checks, setChecks] = useState<Checks | null>(null);

  useEffect(() => {
    setChecks(null);
    if (!query.data) return;
    let live = true;
    void runChecks(query.data).then((c) => live && setChecks(c));
    return () => {
      live = false;
    };
  }, [query.data]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const n = Number(draft.round);
    setParams(Number.isInteger(n) && n > 0 ? { game: draft.game, round: String(n) } : { game: draft.game });
  }

  const v = query.data;
  const verdict =
    checks && v?.seed ? (checks.link !== 'bad' && checks.chain === 'ok' && checks.entropy !== 'bad' && checks.draw !== 'bad' ? 'ok' : 'bad') : null;

  return (
    <section className="mg-page mg-verify" data-testid="fair-verify-page">
      <h1 className="ui-page-title">{t('minigames.verify.title')}</h1>
      <p className="mg-verify-intro">{t('minigames.verify.intro')}</p>
      <form className="mg-verify-form mg-box" onSubmit={submit}>
        <label className="mg-field">
          <span>{t('minigames.verify.game')}</span>
          <select
            className="ui-input"
            value={draft.game}
            data-testid="verify-game"
            onChange={(e) => setDraft({ ...draft, game: e.target.value as MinigameKey })}
          >
            {MINIGAME_KEYS.map((k) => (
              <option key={k} value={k}>
                {gameLabel(t, i18n, k)}
              </option>
            ))}
          </select>
        </label>
        <label className="mg-field">
          <span>{t('minigames.verify.round')}</span>
          <input
            className="ui-input"
            inputMode="numeric"
            value={draft.round}
            data-testid="verify-round"
            onChange={(e) => setDraft({ ...draft, round: e.target.value.replace(/\D/g, '') })}
          />
        </label>
        <button type="submit" className="ui-btn ui-btn-primary" data-testid="verify-submit">
          {t('minigames.verify.check')}
        </button>
      </form>

      {round !== null && query.isPending && <Loading />}
      {query.isError && <p className="mg-error">{queryErrorText(query.error)}</p>}
      {v && (
        <div className="mg-box mg-verify-body" data-testid="verify-result">
          {verdict && (
            <p className={`mg-verdict is-${verdict}`} data-testid="verify-verdict" data-verdict={verdict}>
              {verdict === 'ok' ? t('minigames.verify.verified') : t('minigames.verify.mismatch')}
            </p>
          )}
          {!v.seed && <p className="mg-verdict is-wait">{t('minigames.verify.notYet')}</p>}
          <dl className="mg-kv">
            <Row label={t('minigames.verify.game')} value={`${gameLabel(t, i18n, v.game)} · ${t('minigames.verify.roundNo', { n: v.number })}`} />
            <Row label={t('minigames.verify.drawsAt')} value={formatDateTime(v.draws_at)} />
            <Row label={t('minigames.verify.anchor')} value={v.chain.anchor} mono />
            <Row
              label={t('minigames.verify.published')}
              value={`${formatDateTime(v.chain.published_at)} · #${v.chain.id} · ${t('minigames.verify.index', { index: v.index, length: v.chain.length })}`}
            />
            <Row label={t('minigames.verify.prevHash')} value={v.prev_hash ?? '-'} mono check={checks?.link} />
            <Row label={t('minigames.verify.seed')} value={v.seed ?? t('minigames.verify.hidden')} mono check={checks?.chain} testId="verify-seed" />
            <Row
              label={t('minigames.verify.entropy')}
              value={`${v.entropy ?? t('minigames.verify.hidden')} (${v.entropy_source})`}
              mono
              check={checks?.entropy}
              testId="verify-entropy"
            />
            <Row label={t('minigames.verify.message')} value={v.message ?? '-'} mono />
            <Row label={t('minigames.verify.algorithm')} value={v.algorithm} mono />
            <Row label={t('minigames.verify.result')} value={v.result ? drawText(v.result.draw) : '-'} />
            <Row label={t('minigames.verify.recomputed')} value={checks?.recomputed ?? '-'} check={checks?.draw} testId="verify-recomputed" />
          </dl>
          {v.result && <DrawView key={`${v.game}-${v.number}`} draw={v.result.draw} />}
          <ul className="mg-verify-checks">
            {(['link', 'chain', 'entropy', 'draw'] as const).map((k) => (
              <li key={k} className={`is-${checks?.[k] ?? 'pending'}`} data-testid={`verify-check-${k}`} data-state={checks?.[k] ?? 'pending'}>
                {t(`minigames.verify.checks.${k}`)}: <b>{t(`minigames.verify.state.${checks?.[k] ?? 'pending'}`)}</b>
              </li>
            ))}
          </ul>
        </div>
      )}

      <EntropyRecipe v={v ?? null} steps={checks?.steps ?? null} />

      <div className="mg-box">
        <h2 className="mg-box-title">{t('minigames.verify.commitments')}</h2>
        <div className="mg-table-wrap">
          <table className="mg-table">
            <thead>
              <tr>
                <th>#</th>
                <th>{t('minigames.verify.anchor')}</th>
                <th>{t('minigames.verify.length')}</th>
                <th>{t('minigames.verify.published')}</th>
              </tr>
            </thead>
            <tbody>
              {(commitments.data?.chains ?? []).map((c) => (
                <tr key={c.id} data-testid="verify-chain-row">
                  <td className="mg-num">{c.id}</td>
                  <td className="mg-mono">{c.anchor}</td>
                  <td className="mg-num">{c.length}</td>
                  <td className="mg-num">{formatDateTime(c.published_at)}</td>
                </tr>
              ))}
              {commitments.data?.chains.length === 0 && (
                <tr>
                  <td colSpan={4} className="mg-empty">
                    {t('minigames.verify.noChains')}
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
        <p className="mg-verify-how">{t('minigames.verify.how')}</p>
      </div>
    </section>
  );
}

function Row({ label, value, mono, check, testId }: { label: string; value: string; mono?: boolean; check?: Check; testId?: string }) {
  return (
    <div className="mg-kv-row">
      <dt>{label}</dt>
      <dd className={mono ? 'mg-mono' : undefined} data-testid={testId}>
        {value}
        {check === 'ok' && <span className="mg-tick is-ok"> ✓</span>}
        {check === 'bad' && <span className="mg-tick is-bad"> ✕</span>}
      </dd>
    </div>
  );
}
