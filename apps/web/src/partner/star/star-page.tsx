import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StarNode } from '@wager/contracts';
import { formatMoney, formatPoints } from '../../lib/money.ts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import { LazyTree } from '../../ui/backoffice/lazy-tree.tsx';
import { PER_PAGE } from '../../ui/backoffice/paging.ts';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { QueryState } from '../../ui/backoffice/query-state.tsx';
import { roleLabel } from '../role-label.ts';
import { useStarChildren, useStarSearch } from './queries.ts';
import './star.css';

type Match = StarNode & { path: StarNode[] };

/**
 * Spec §2 "/pa-star (tree view)": the agent's own subtree, opened level by level, every account
 * with its tier, balances and the agents and members below it. A search finds an account below
 * the agent and opens the tree down to it.
 */
export function PartnerStarPage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [focus, setFocus] = useState<readonly StarNode[]>([]);
  const found = useStarSearch(q);
  const root = useStarChildren(undefined);

  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  // Every step of the path opens (the agent itself is the tree's top and needs none), and each
  // step below it is pinned at its level, so the match shows wherever it sorts among its siblings.
  const open = ({ path, ...m }: Match) => {
    setExpanded((prev) => new Set([...prev, ...path.map((s) => s.id)]));
    setFocus([...path.slice(1), m]);
    setSelectedId(m.id);
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    setQ(draft.trim());
  }

  return (
    <BackofficePage
      title={t('partnerStar.title')}
      testId="pa-star"
      filters={
        <Filters onSubmit={submit}>
          <input
            className="ui-input"
            data-testid="pa-star-search"
            placeholder={t('partnerStar.searchPlaceholder')}
            aria-label={t('partnerStar.searchPlaceholder')}
            maxLength={40}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="pa-star-search-submit">
            {t('partnerStar.search')}
          </button>
        </Filters>
      }
    >
      {q !== '' && <SearchResults query={found} onOpen={open} />}
      <QueryState query={root}>{(data) => <RootSummary node={data.parent} />}</QueryState>
      <div className="pa-star-tree" data-testid="pa-star-tree">
        <LazyTree
          usePage={useStarChildren}
          pageSize={PER_PAGE}
          expanded={expanded}
          onToggle={toggle}
          selectedId={selectedId}
          focus={focus}
          labels={{ expand: t('partnerStar.expand'), collapse: t('partnerStar.collapse'), more: t('partnerStar.more') }}
          row={(node) => <NodeRow node={node} onSelect={() => setSelectedId(node.id)} />}
        />
      </div>
    </BackofficePage>
  );
}

/** The agent's own account above its tree: what it holds and how many agents and members are below. */
function RootSummary({ node }: { node: StarNode }) {
  const { t, i18n } = useTranslation();
  const cards = [
    ['account', `${node.account} (${roleLabel(t, node.role)})`],
    ['money', formatMoney(node.money, i18n.language)],
    ['point', formatPoints(node.point, i18n.language)],
    ['agents', node.agent_count.toLocaleString(i18n.language)],
    ['members', node.member_count.toLocaleString(i18n.language)],
  ] as const;
  return (
    <div className="pa-star-summary" data-testid="pa-star-root">
      {cards.map(([key, value]) => (
        <div key={key} className="pa-stat">
          <span>{t(`partnerStar.summary.${key}`)}</span>
          <strong data-testid={`pa-star-root-${key}`}>{value}</strong>
        </div>
      ))}
    </div>
  );
}

/** One tree row: tier badge, account, nickname, state, balances, agents and members below. */
function NodeRow({ node, onSelect }: { node: StarNode; onSelect: () => void }) {
  const { t, i18n } = useTranslation();
  const member = node.role === 'user';
  return (
    <>
      <span className={member ? 'pa-star-badge is-member' : `pa-star-badge is-tier-${node.propirty}`}>{roleLabel(t, node.role)}</span>
      <button type="button" className="pa-star-account" data-testid={`tree-select-${node.account}`} onClick={onSelect}>
        {node.account}
      </button>
      <span className="pa-star-nick">{node.nickname}</span>
      {/* Only a state other than normal is worth a word on a calm tree (test, pending, suspended …). */}
      {!node.status.startsWith('normal') && <span className="pa-star-status">{t(`partnerDownline.statuses.${node.status as 'normal_a'}`)}</span>}
      {/* Right-aligned in fixed widths, so the figures line up whatever the depth. */}
      <span className="pa-star-figures">
        <span className="pa-star-num" title={t('partnerStar.cols.money')}>
          {formatMoney(node.money, i18n.language)}
        </span>
        <span className="pa-star-num is-point" title={t('partnerStar.cols.point')}>
          {formatPoints(node.point, i18n.language)}
        </span>
        <span className="pa-star-count" data-testid={member ? undefined : `pa-star-counts-${node.account}`}>
          {!member && `${t('partnerStar.cols.agents')} ${node.agent_count} · ${t('partnerStar.cols.members')} ${node.member_count}`}
        </span>
      </span>
    </>
  );
}

function SearchResults({ query, onOpen }: { query: ReturnType<typeof useStarSearch>; onOpen: (m: Match) => void }) {
  const { t, i18n } = useTranslation();
  const columns: Column<Match>[] = [
    { id: 'role', header: t('partnerStar.cols.role'), cell: (m) => roleLabel(t, m.role) },
    {
      id: 'account',
      header: t('partnerStar.cols.account'),
      cell: (m) => (
        <button type="button" className="pa-link" data-testid={`pa-star-open-${m.account}`} onClick={() => onOpen(m)}>
          {m.account}
        </button>
      ),
    },
    { id: 'nickname', header: t('partnerStar.cols.nickname'), cell: (m) => m.nickname },
    { id: 'path', header: t('partnerStar.cols.path'), cell: (m) => m.path.map((s) => s.account).join(' › ') },
    { id: 'money', header: t('partnerStar.cols.money'), cell: (m) => formatMoney(m.money, i18n.language), className: 'num' },
    { id: 'point', header: t('partnerStar.cols.point'), cell: (m) => formatPoints(m.point, i18n.language), className: 'num' },
    { id: 'agents', header: t('partnerStar.cols.agents'), cell: (m) => m.agent_count, className: 'num' },
    { id: 'members', header: t('partnerStar.cols.members'), cell: (m) => m.member_count, className: 'num' },
  ];
  return (
    <section className="pa-star-results" data-testid="pa-star-results">
      <h2 className="pa-star-subhead">{t('partnerStar.results')}</h2>
      <ListFrame query={query} rows={(d) => d.rows} columns={columns} rowKey={(m) => m.id} emptyText={t('partnerStar.noResults')} />
    </section>
  );
}
