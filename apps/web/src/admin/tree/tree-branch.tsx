import { useTranslation } from 'react-i18next';
import type { TreeNode } from '@wager/contracts';
import { formatMoney } from '../../lib/money.ts';
import { LazyTree } from '../../ui/backoffice/lazy-tree.tsx';
import { useTreeChildren } from './queries.ts';

export type BranchProps = {
  expanded: ReadonlySet<number>;
  onToggle: (id: number) => void;
  selectedId: number | null;
  /** The path to an account chosen outside the tree, root first: pinned at each level. */
  focus?: readonly TreeNode[];
  onSelect: (node: TreeNode) => void;
  onMove: (node: TreeNode) => void;
};

/** View A: the whole forest in the kit's lazy tree, each row with money, counts and the move button. */
export function TreeBranch({ onSelect, onMove, ...props }: BranchProps) {
  const { t, i18n } = useTranslation();
  return (
    <LazyTree
      usePage={useTreeChildren}
      labels={{ expand: t('adminTree.tree.expand'), collapse: t('adminTree.tree.collapse'), more: t('adminTree.tree.more') }}
      {...props}
      row={(node: TreeNode) => (
        <>
          <span className={`ad-badge is-${node.role === 'user' ? 'muted' : 'info'}`}>{t(`roles.${node.role}` as 'roles.user')}</span>
          <button type="button" className="ad-link ad-tree-account" data-testid={`tree-select-${node.account}`} onClick={() => onSelect(node)}>
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
          <button type="button" className="ui-btn ad-btn-xs" data-testid={`tree-move-${node.account}`} onClick={() => onMove(node)}>
            {t('adminTree.tree.move')}
          </button>
        </>
      )}
    />
  );
}
