import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Loading } from '../states.tsx';
import { ErrorText } from './error-text.tsx';
import { useSkin } from './skin.tsx';

/** What a tree node needs: an id, an account for test ids, and whether anything is below it. */
export type LazyTreeNode = { id: number; account: string; children: number };

export type LazyTreeProps<Node extends LazyTreeNode> = {
  /** One page of a node's direct lower accounts (the top level without `parentId`); a query hook. */
  usePage: (parentId: number | undefined, skip: number) => UseQueryResult<{ rows: readonly Node[]; total: number }>;
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  selectedId: number | null;
  /** The row after the open/close arrow: badge, account, balances, actions … */
  row: (node: Node) => ReactNode;
  labels: { expand: string; collapse: string; more: string };
  pageSize?: number;
  /**
   * The chain down to a found account, top level first (each the parent of the next): at every
   * level its node is pinned first, so a search match shows even when it is past the first page.
   */
  focus?: readonly Node[];
};

/**
 * The back-office account tree (admin /tree, partner /pa-star): each level is read when its
 * parent opens, a page at a time ("more" reads the next below the first); the selected node
 * scrolls into view once its level has loaded. A level on the focus chain shows its focus node
 * first and leaves it out of its pages.
 */
export function LazyTree<Node extends LazyTreeNode>({ parentId, ...props }: LazyTreeProps<Node> & { parentId?: number }) {
  const { prefix } = useSkin();
  const [pages, setPages] = useState(1);
  const pinned = focusAt(props.focus, parentId);
  return (
    <ul className={`${prefix}-tree-level`} role={parentId === undefined ? 'tree' : 'group'}>
      {pinned && <TreeItem node={pinned} {...props} />}
      {Array.from({ length: pages }, (_, i) => (
        <TreePage
          key={i}
          parentId={parentId}
          skip={i * (props.pageSize ?? 50)}
          last={i === pages - 1}
          onMore={() => setPages(pages + 1)}
          pinnedId={pinned?.id}
          {...props}
        />
      ))}
    </ul>
  );
}

/** The focus node that sits directly under `parentId` (the top level when undefined). */
function focusAt<Node extends LazyTreeNode>(focus: readonly Node[] | undefined, parentId: number | undefined): Node | undefined {
  if (!focus || focus.length === 0) return undefined;
  if (parentId === undefined) return focus[0];
  const at = focus.findIndex((n) => n.id === parentId);
  return at < 0 ? undefined : focus[at + 1];
}

function TreePage<Node extends LazyTreeNode>({
  parentId,
  skip,
  last,
  onMore,
  pinnedId,
  ...props
}: LazyTreeProps<Node> & { parentId?: number; skip: number; last: boolean; onMore: () => void; pinnedId?: number }) {
  const { prefix } = useSkin();
  const query = props.usePage(parentId, skip);
  if (query.isPending) return <li className={`${prefix}-tree-state`}>{skip === 0 ? <Loading /> : null}</li>;
  if (query.isError)
    return (
      <li className={`${prefix}-tree-state`}>
        <ErrorText error={query.error} />
      </li>
    );
  const { rows, total } = query.data;
  return (
    <>
      {rows
        .filter((node) => node.id !== pinnedId)
        .map((node) => (
          <TreeItem key={node.id} node={node} {...props} />
        ))}
      {last && skip + rows.length < total && (
        <li className={`${prefix}-tree-state`}>
          <button type="button" className={`ui-btn ${prefix}-btn-xs`} data-testid="tree-more" onClick={onMore}>
            {props.labels.more}
          </button>
        </li>
      )}
    </>
  );
}

function TreeItem<Node extends LazyTreeNode>({ node, ...props }: LazyTreeProps<Node> & { node: Node }) {
  const { prefix } = useSkin();
  const open = props.expanded.has(node.id);
  const selected = props.selectedId === node.id;
  const rowRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (selected) rowRef.current?.scrollIntoView({ block: 'nearest' });
  }, [selected]);
  return (
    <li role="treeitem" aria-expanded={node.children > 0 ? open : undefined} aria-selected={selected} data-testid={`tree-node-${node.account}`}>
      <div ref={rowRef} className={selected ? `${prefix}-tree-row is-selected` : `${prefix}-tree-row`}>
        {node.children > 0 ? (
          <button
            type="button"
            className={`${prefix}-tree-toggle`}
            aria-label={open ? props.labels.collapse : props.labels.expand}
            data-testid={`tree-toggle-${node.account}`}
            onClick={() => props.onToggle(node.id)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className={`${prefix}-tree-toggle`} aria-hidden />
        )}
        {props.row(node)}
      </div>
      {open && <LazyTree parentId={node.id} {...props} />}
    </li>
  );
}
