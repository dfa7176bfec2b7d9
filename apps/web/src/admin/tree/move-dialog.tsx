import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeNode } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { Modal } from '../../ui/modal.tsx';
import { findAgentByCode, useMoveToParent } from './queries.ts';

/** Spec §2 tree view: moves an account (and everything below it) under another agent, with a memo, after a confirmation. */
export function MoveDialog({ node, onClose, onDone }: { node: TreeNode; onClose: () => void; onDone: (newParentId: number) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [memo, setMemo] = useState('');
  const [busy, setBusy] = useState(false);
  const move = useMoveToParent();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const wanted = code.trim();
    if (!wanted) return showAlert(t('adminTree.tree.moveParentRequired'));
    setBusy(true);
    try {
      const parent = await findAgentByCode(wanted);
      if (!parent) return void (await showAlert(t('adminTree.tree.moveParentUnknown', { code: wanted })));
      if (!(await showConfirm(t('adminTree.tree.moveConfirm', { account: node.account, parent: parent.account })))) return;
      const answer = await move.mutateAsync({ user_id: node.id, parent_id: parent.id, memo: memo.trim() || undefined });
      if (!answer.result) return void (await showAlert(errorText(answer.error), t('adminOps.common.failed')));
      onDone(parent.id);
      onClose();
      await showAlert(t('adminTree.tree.moveDone', { account: node.account, parent: parent.account }));
    } catch (err) {
      await showAlert(errorText({ code: 'internal', message: String(err) }), t('adminOps.common.failed'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t('adminTree.tree.moveTitle', { account: node.account })} onClose={onClose} testId="admin-tree-move">
      <form className="ad-form" onSubmit={submit}>
        <p className="ad-note">{t('adminTree.tree.moveHint')}</p>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminTree.tree.moveParent')}</span>
          <input className="ui-input" data-testid="admin-tree-move-parent" maxLength={40} value={code} onChange={(e) => setCode(e.target.value)} />
        </label>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminTree.tree.moveMemo')}</span>
          <input className="ui-input" data-testid="admin-tree-move-memo" maxLength={500} value={memo} onChange={(e) => setMemo(e.target.value)} />
        </label>
        <div className="ad-form-actions">
          <button type="button" className="ui-btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="admin-tree-move-submit" disabled={busy}>
            {busy ? t('adminOps.common.processing') : t('adminTree.tree.move')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
