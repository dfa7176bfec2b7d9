import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '@wager/contracts';
import { formatMoney } from '../../lib/money.ts';
import { ErrorText } from '../../ui/backoffice/error-text.tsx';
import { Loading } from '../../ui/states.tsx';
import { useTreeChildren } from './queries.ts';

export type BranchProps = {
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  selectedId: number | null;
  onSelect: (node: TreeNode) => void;
  onMove: (node: TreeNode) => void;
};

/**
 * View A: one level of the tree, read when its parent is opened (the roots without `parentId`);
 * 50 a page, "more" reads the next page below the first.
 */
export function TreeBranch({ parentId, ...props }: BranchProps & { parentId?: number }) {
  const [pages, setPages] = useState(1);
  return (
    <ul className="ad-tree-level" role={parentId === undefined ? 'tree' : 'group'}>
      {Array.from({ length: pages }, (_, i) => (
        <BranchPage key={i} parentId={parentId} skip={i * 50} last={i === pages - 1} onMore={() => setPages(pages + 1)} {...props} />
      ))}
    </ul>
  );
}

function BranchPage({ parentId, skip, last, onMore, ...props }: BranchProps & { parentId?: number; skip: number; last: boolean; onMore: () => void }) {
  const { t } = useTranslation();
  const query = useTreeChildren(parentId, skip);
  if (query.isPending) return <li className="ad-tree-state">{skip === 0 ? <Loading /> : null}</li>;
  if (query.isError)
    return (
      <li className="ad-tree-state">
        <ErrorText error={query.error} />
      </li>
    );
  const { rows, total } = query.data;
  return (
    <>
      {rows.map((node) => (
        <TreeItem key={node.id} node={node} {...props} />
      ))}
      {last && skip + rows.length < total && (
        <li className="ad-tree-state">
          <button type="button" className="ui-btn ad-btn-xs" onClick={onMore}>
            {t('adminTree.tree.more')}
          </button>
        </li>
      )}
    </>
  );
}

function TreeItem({ node, ...props }: BranchProps & { node: TreeNode }) {
  const { t, i18n } = useTranslation();
  const open = props.expanded.has(node.id);
  const selected = props.selectedId === node.id;
  return (
    <li role="treeitem" aria-expanded={node.children > 0 ? open : undefined} aria-selected={selected} data-testid={`tree-node-${node.account}`}>
      <div className={selected ? 'ad-tree-row is-selected' : 'ad-tree-row'}>
        {node.children > 0 ? (
          <button
            type="button"
            className="ad-tree-toggle"
            aria-label={open ? t('adminTree.tree.collapse') : t('adminTree.tree.expand')}
            data-testid={`tree-toggle-${node.account}`}
            onClick={() => props.onToggle(node.id)}
          >
            {open ? '▾' : '▸'}
          </button>
        ) : (
          <span className="ad-tree-toggle" aria-hidden />
        )}
        <span className={`ad-badge is-${node.role === 'user' ? 'muted' : 'info'}`}>{t(`roles.${node.role}` as 'roles.user')}</span>
        <button type="button" className="ad-link ad-tree-account" data-testid={`tree-select-${node.account}`} onClick={() => props.onSelect(node)}>
          {node.account}
        </button>
        <span className="ad-tree-nick">{node.nickname}</span>
        <span className="ad-tree-money">{formatMoney(node.money, i18n.language)}</span>
        <span className="ad-tree-count" title={t('adminTree.tree.cols.lower')}>
          {t('adminTree.tree.cols.lower')} {node.lower_count}
        </span>
        <span className="ad-tree-count" title={t('adminTree.tree.cols.members')}>
          {t('adminTree.tree.cols.members')} {node.member_count}
        </span>
        <button type="button" className="ui-btn ad-btn-xs" data-testid={`tree-move-${node.account}`} onClick={() => props.onMove(node)}>
          {t('adminTree.tree.move')}
        </button>
      </div>
      {open && <TreeBranch parentId={node.id} {...props} />}
    </li>
  );
}
