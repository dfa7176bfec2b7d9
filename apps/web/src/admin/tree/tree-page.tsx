import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ParentMoveRow, TreeNode } from '@wager/contracts';
import { formatDateTime } from '../../lib/date.ts';
import { formatMoney } from '../../lib/money.ts';
import type { Column } from '../../ui/backoffice/data-table.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage, Filters } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { MoveDialog } from './move-dialog.tsx';
import { useMoveHistory, useTreePath, useTreeSearch } from './queries.ts';
import { TreeBranch } from './tree-branch.tsx';

type View = 'a' | 'b';

/**
 * Spec §2 "tree view of sub-accounts": view A is the nested tree, opened level by level; view B
 * the selected account's path from the root as a table of levels. Search finds an account and
 * opens the tree down to it; any node can move under another agent (memo, confirmation, history).
 */
export function TreePage() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [view, setView] = useState<View>('a');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [moving, setMoving] = useState<TreeNode | null>(null);
  const found = useTreeSearch(search);
  const path = useTreePath(selectedId);

  // A selected account's ancestors open, so view A shows where it sits.
  const pathRows = path.data?.rows;
  useEffect(() => {
    if (!pathRows) return;
    setExpanded((prev) => new Set([...prev, ...pathRows.slice(0, -1).map((r) => r.id)]));
  }, [pathRows]);

  const toggle = (id: number) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const select = (node: TreeNode) => setSelectedId(node.id);
  // An account chosen outside the tree (search, view B, a move) is pinned at each level of its
  // path, so it shows even past the first page of its siblings; a click in the tree pins nothing.
  const [pinnedId, setPinnedId] = useState<number | null>(null);
  const selectAndPin = (node: TreeNode) => {
    setSelectedId(node.id);
    setPinnedId(node.id);
  };

  function submitSearch(e: FormEvent) {
    e.preventDefault();
    setSearch(draft.trim());
  }

  const selected = pathRows?.[pathRows.length - 1];
  const focus = selected && selected.id === pinnedId ? pathRows : undefined;
  return (
    <BackofficePage
      title={t('adminTree.tree.title')}
      testId="admin-tree"
      className="ad-tree-page"
      filters={
        <Filters onSubmit={submitSearch}>
          <input
            className="ui-input ad-search"
            data-testid="admin-tree-search"
            placeholder={t('adminTree.tree.searchPlaceholder')}
            maxLength={40}
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="ui-btn" data-testid="admin-tree-search-submit">
            {t('adminOps.common.search')}
          </button>
        </Filters>
      }
    >
      {search !== '' && (
        <section className="ad-panel" data-testid="admin-tree-results">
          <h2 className="ad-subhead">{t('adminTree.tree.results')}</h2>
          <NodeTable query={found} emptyText={t('adminTree.tree.noResults')} onSelect={selectAndPin} onMove={setMoving} testId="admin-tree-results-table" />
        </section>
      )}
      <Tabs tabs={['a', 'b'] as const} value={view} onChange={setView} label={(v) => t(`adminTree.tree.views.${v}`)} testId={(v) => `admin-tree-view-${v}`} />
      {view === 'a' ? (
        <div className="ad-panel ad-tree" data-testid="admin-tree-view-a-panel">
          <TreeBranch expanded={expanded} onToggle={toggle} selectedId={selectedId} focus={focus} onSelect={select} onMove={setMoving} />
        </div>
      ) : (
        <section className="ad-panel" data-testid="admin-tree-view-b-panel">
          {selectedId === null ? (
            <p className="ad-note">{t('adminTree.tree.pickHint')}</p>
          ) : (
            <>
              <h2 className="ad-subhead">{t('adminTree.tree.path', { account: selected?.account ?? '' })}</h2>
              <NodeTable query={path} emptyText={t('admin.empty.members')} levels onSelect={selectAndPin} onMove={setMoving} testId="admin-tree-path" />
            </>
          )}
        </section>
      )}
      {selected && (
        <section className="ad-panel" data-testid="admin-tree-selected">
          <h2 className="ad-subhead">
            {t('adminTree.tree.selected', { account: selected.account })} <span className="ad-muted">{pathRows!.map((r) => r.account).join(' › ')}</span>
          </h2>
          <MoveHistory userId={selected.id} />
        </section>
      )}
      {moving && <MoveDialog node={moving} onClose={() => setMoving(null)} onDone={() => selectAndPin(moving)} />}
    </BackofficePage>
  );
}

/** View B and the search results: one row per account; `levels` numbers them from the root. */
function NodeTable({
  query,
  levels = false,
  emptyText,
  onSelect,
  onMove,
  testId,
}: {
  query: UseQueryResult<{ rows: TreeNode[] }>;
  levels?: boolean;
  emptyText: string;
  onSelect: (n: TreeNode) => void;
  onMove: (n: TreeNode) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const columns: (Column<TreeNode> | false)[] = [
    levels && { id: 'level', header: t('adminTree.tree.cols.level'), cell: (n) => (query.data?.rows.length ?? 0) - n.depth, className: 'num' },
    { id: 'role', header: t('adminTree.tree.cols.role'), cell: (n) => t(`roles.${n.role}` as 'roles.user') },
    {
      id: 'account',
      header: t('adminTree.tree.cols.account'),
      cell: (n) => (
        <button type="button" className="ad-link" data-testid={`${testId}-select-${n.account}`} onClick={() => onSelect(n)}>
          {n.account}
        </button>
      ),
    },
    { id: 'nickname', header: t('adminTree.tree.cols.nickname'), cell: (n) => n.nickname },
    { id: 'status', header: t('adminTree.tree.cols.status'), cell: (n) => t(`adminOps.members.statuses.${n.status}` as 'adminOps.members.statuses.test') },
    { id: 'money', header: t('adminTree.tree.cols.money'), cell: (n) => formatMoney(n.money, i18n.language), className: 'num' },
    { id: 'lower', header: t('adminTree.tree.cols.lower'), cell: (n) => n.lower_count, className: 'num' },
    { id: 'members', header: t('adminTree.tree.cols.members'), cell: (n) => n.member_count, className: 'num' },
    {
      id: 'actions',
      header: t('adminTree.tree.cols.actions'),
      cell: (n) => (
        <button type="button" className="ui-btn ad-btn-xs" data-testid={`${testId}-move-${n.account}`} onClick={() => onMove(n)}>
          {t('adminTree.tree.move')}
        </button>
      ),
    },
  ];
  return (
    <ListFrame
      query={query}
      rows={(d) => d.rows}
      columns={columns}
      rowKey={(n) => n.id}
      rowProps={(n) => ({ 'data-testid': `${testId}-row-${n.account}` })}
      emptyText={emptyText}
      testId={testId}
    />
  );
}

/** The selected account's moves, newest first, 20 a page. */
function MoveHistory({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useMoveHistory({ user_id: userId, skip: skipOf(page) });
  const columns: Column<ParentMoveRow>[] = [
    { id: 'at', header: t('adminTree.tree.historyCols.movedAt'), cell: (h) => formatDateTime(h.moved_at), className: 'ad-datetime' },
    { id: 'account', header: t('adminTree.tree.historyCols.account'), cell: (h) => h.account },
    { id: 'from', header: t('adminTree.tree.historyCols.from'), cell: (h) => h.old_parent_account ?? '-' },
    { id: 'to', header: t('adminTree.tree.historyCols.to'), cell: (h) => h.new_parent_account ?? '-' },
    { id: 'memo', header: t('adminTree.tree.historyCols.memo'), cell: (h) => h.memo ?? '' },
  ];
  return (
    <>
      <h3 className="ad-subhead">{t('adminTree.tree.history')}</h3>
      <ListFrame
        emptyText={t('admin.empty.moves')}
        query={query}
        rows={(d) => d.rows}
        columns={columns}
        rowKey={(h) => h.id}
        paging={{ page, onPage: setPage }}
        testId="admin-tree-history"
      />
    </>
  );
}
