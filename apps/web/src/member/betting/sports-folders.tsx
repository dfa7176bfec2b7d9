import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BetRow, SportsFolder } from '@wager/contracts';
import { ApiFailure } from '../../api/client.ts';
import { errorText, queryErrorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { Loading } from '../../ui/states.tsx';
import { CONTEXT_KEY } from '../session.tsx';
import { ResultBadge } from './bet-parts.tsx';
import { useCancelSportsBet, useSportsBetDetail } from './queries.ts';

/**
 * Sports bets in the history (spec §3 "Bet"): per folder the teams (home / away), market,
 * handicap or over/under line, pick, odds, score and result; the detail adds the board and a
 * cancel button while the server says the bet may still be cancelled.
 */

const KINDS = ['1x2', 'moneyline', 'handicap', 'over_under', 'odd_even', 'first_score', 'first_3pt', 'first_free_throw', 'correct_score_band'] as const;
const PICKS = ['home', 'draw', 'away', 'over', 'under', 'odd', 'even', 'none', 'yes', 'no', 'other'] as const;
const RESULTS = ['won', 'lost', 'void', 'half_won', 'half_lost'] as const;
const has = <T extends string>(list: readonly T[], v: string | null | undefined): v is T => typeof v === 'string' && (list as readonly string[]).includes(v);

/** "-1.50" → "-1.5"; "2.00" → "2". */
function shortLine(line: string | null | undefined): string {
  if (line === null || line === undefined) return '';
  return line.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/** A period code in words (1h, q3, set2, p1, i7, map1); an unknown code as sent. */
function periodText(t: TFunction, code: string): string {
  if (code === '1h' || code === '2h' || code === 'ot') return t(`sports.periods.${code}`);
  if (code === 'i1_5') return t('sports.periods.firstFive');
  const numbered: [RegExp, 'quarter' | 'period' | 'set' | 'inning' | 'map' | 'round'][] = [
    [/^q(\d)$/, 'quarter'],
    [/^p(\d)$/, 'period'],
    [/^set(\d)$/, 'set'],
    [/^i(\d{1,2})$/, 'inning'],
    [/^map(\d)$/, 'map'],
    [/^r(\d{1,2})$/, 'round'],
  ];
  for (const [re, key] of numbered) {
    const m = re.exec(code);
    if (m) return t(`sports.periods.${key}`, { n: Number(m[1]) });
  }
  return code;
}

function marketText(t: TFunction, kind: string, period: string | undefined): string {
  const name = has(KINDS, kind) ? t(`sports.kinds.${kind}`) : kind;
  if (!period || period === 'ft') return name;
  return `${name} · ${periodText(t, period)}`;
}

/** The line from the picked side: a home handicap of -1.5 is +1.5 for the away pick. */
function lineText(kind: string, pick: string, line: string | null | undefined): string {
  const s = shortLine(line);
  if (!s || kind !== 'handicap') return s;
  const bare = s.replace(/^[-+]/, '');
  if (bare === '0') return '0';
  const homeNegative = s.startsWith('-');
  return (pick === 'away') === homeNegative ? `+${bare}` : `-${bare}`;
}

function pickText(t: TFunction, pick: string): string {
  return has(PICKS, pick) ? t(`sports.picks.${pick}`) : pick;
}

function FolderResult({ result, open }: { result: string | null | undefined; open: boolean }) {
  const { t } = useTranslation();
  if (!result) return open ? <span className="bh-badge is-open">{t('sports.history.results.open')}</span> : <span className="bh-dash">—</span>;
  const tone = result === 'won' || result === 'half_won' ? 'won' : result === 'lost' || result === 'half_lost' ? 'lost' : 'muted';
  return (
    <span className={`bh-badge is-${tone}`} data-testid="folder-result" data-result={result}>
      {has(RESULTS, result) ? t(`sports.history.results.${result}`) : result}
    </span>
  );
}

/** What bets.selections holds for a sports folder (the contract's fields plus the line and teams the slip stores). */
type StoredFolder = BetRow['selections'][number] & { line?: string | null; period?: string; home?: string; away?: string };

/** The folders under a sports bet's row or card: one compact line each. */
export function SportsFolderLines({ bet }: { bet: BetRow }) {
  const { t } = useTranslation();
  return (
    <ol className="bh-folders" data-testid="bet-folders">
      {(bet.selections as StoredFolder[]).map((s, i) => (
        <li key={i} className="bh-folder" data-testid="bet-folder">
          <span className="bh-folder-teams">{s.home && s.away ? `${s.home} vs ${s.away}` : s.name}</span>
          <span className="bh-folder-market">
            {marketText(t, s.market ?? '', s.period)}
            {s.line !== undefined && s.line !== null && <b className="bh-folder-line"> {lineText(s.market ?? '', s.pick, s.line)}</b>}
          </span>
          <span className="bh-pick">{pickText(t, s.pick)}</span>
          <span className="bh-odds">{s.odds}</span>
          {!s.result && bet.bet_type === 'single' ? (
            <ResultBadge status={bet.status} testId="folder-result" />
          ) : (
            <FolderResult result={s.result} open={bet.status === 'open'} />
          )}
        </li>
      ))}
    </ol>
  );
}

/** The detail modal's part for a sports bet: every folder as a table and the cancel button. */
export function SportsBetDetail({ bet, fallback }: { bet: BetRow; fallback: ReactNode }) {
  const { t } = useTranslation();
  const query = useSportsBetDetail(bet.id);
  const cancel = useCancelSportsBet();
  const queryClient = useQueryClient();
  const data = query.data;

  async function cancelBet() {
    if (!(await showConfirm(t('sports.history.cancelConfirm')))) return;
    const answer = await cancel.mutateAsync({ bet_id: bet.id });
    if (!answer.result) return showAlert(errorText(answer.error));
    void queryClient.invalidateQueries({ queryKey: CONTEXT_KEY });
    await showAlert(t('sports.history.cancelled'));
  }

  // A sports bet placed outside the slip (the demo seed) has no folders of its own: its selections as stored.
  if (query.isError && !data && query.error instanceof ApiFailure && query.error.code === 'bet_not_found') return fallback;
  if (query.isError && !data)
    return (
      <>
        <div className="bh-message is-error" role="alert">
          <p>{t('sports.history.loadFailed')}</p>
          <p className="bh-message-sub">{queryErrorText(query.error)}</p>
        </div>
        {fallback}
      </>
    );
  if (!data) return <Loading />;
  const open = data.bet.status === 'open';
  return (
    <div className="bh-sports" data-testid="sports-bet-detail">
      <p className="bh-sports-meta">
        <span>
          {t('sports.history.board')}: <b>{t(`sports.boards.${data.sports.board}`)}</b>
        </span>
        <span>
          {t('sports.history.folders')}: <b>{data.sports.folders}</b>
        </span>
        {open && data.sports.cancellable && data.sports.cancel_until && (
          <span>{t('sports.history.cancelUntil', { time: formatDateTime(data.sports.cancel_until) })}</span>
        )}
      </p>
      <div className="bh-folder-wrap">
        <table className="bh-table bh-folder-table" data-testid="folder-table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('sports.history.homeTeam')}</th>
              <th>{t('sports.history.awayTeam')}</th>
              <th>
                {t('sports.history.market')} / {t('sports.history.line')}
              </th>
              <th>{t('sports.history.pick')}</th>
              <th className="is-num">{t('sports.history.odds')}</th>
              <th className="is-center">
                {t('sports.history.result')} / {t('sports.history.score')}
              </th>
            </tr>
          </thead>
          <tbody>
            {data.folders.map((f) => (
              <FolderRow key={f.idx} folder={f} open={open} />
            ))}
          </tbody>
        </table>
      </div>
      {open && data.sports.cancellable && (
        <button type="button" className="ui-btn ui-btn-danger bh-cancel" data-testid="bet-cancel" disabled={cancel.isPending} onClick={() => void cancelBet()}>
          {t('sports.history.cancel')}
        </button>
      )}
    </div>
  );
}

function FolderRow({ folder: f, open }: { folder: SportsFolder; open: boolean }) {
  const { t } = useTranslation();
  const score = f.score && f.score.home !== undefined && f.score.away !== undefined ? `${f.score.home}:${f.score.away}` : '—';
  return (
    <tr data-testid="folder-row">
      <td className="bh-mono">{f.idx + 1}</td>
      <td className={f.pick === 'home' ? 'bh-pick' : ''}>{f.home}</td>
      <td className={f.pick === 'away' ? 'bh-pick' : ''}>{f.away}</td>
      <td>
        {marketText(t, f.market, f.period)}
        {f.line !== null && <b className="bh-folder-line"> {lineText(f.market, f.pick, f.line)}</b>}
        <div className="bh-folder-sub">
          {f.league} · {formatDateTime(f.starts_at)}
        </div>
      </td>
      <td className="bh-pick bh-nowrap">{pickText(t, f.pick)}</td>
      <td className="is-num bh-odds">{f.odds}</td>
      <td className="is-center bh-nowrap">
        <FolderResult result={f.result} open={open} />
        <div className="bh-folder-sub bh-mono">{score}</div>
      </td>
    </tr>
  );
}
