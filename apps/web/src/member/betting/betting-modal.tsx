import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Modal } from '../../ui/modal.tsx';
import { authModal } from '../login-store.ts';
import { useMember } from '../session.tsx';
import { DEFAULT_FILTERS, type BetFilters } from './bet-filters.ts';
import { BetHistory } from './bet-history.tsx';

/** Spec §2 "betting history" modal, reachable from anywhere in the member tree (header, profile). */
let open = false;
const listeners = new Set<() => void>();
function set(next: boolean) {
  open = next;
  listeners.forEach((fn) => fn());
}

export const bettingModal = {
  /** Guests get the login modal instead (spec §2). */
  open(isLoggedIn: boolean) {
    if (isLoggedIn) set(true);
    else authModal.openLogin();
  },
  close() {
    set(false);
  },
};

function useBettingModalOpen(): boolean {
  return useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => open,
  );
}

/** Mount once in the member shell; renders the modal into <body> while it is open. */
export function BettingHistoryModalHost() {
  const isOpen = useBettingModalOpen();
  const { isLoggedIn } = useMember();
  const { pathname } = useLocation();

  // A new page (the "full page" link, a logout) closes it.
  useEffect(() => bettingModal.close(), [pathname]);
  if (!isOpen || !isLoggedIn) return null;
  return createPortal(<BettingHistoryModal />, document.body);
}

function BettingHistoryModal() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<BetFilters>(DEFAULT_FILTERS);
  const [detailId, setDetailId] = useState<number | null>(null);

  // Escape and the backdrop close the detail first when it is open on top.
  const close = () => (detailId !== null ? setDetailId(null) : bettingModal.close());
  return (
    <Modal title={t('betting.title')} onClose={close} testId="bet-history-modal" wide>
      <BetHistory filters={filters} onChange={setFilters} detailId={detailId} onDetail={setDetailId} />
      <div className="bh-modal-foot">
        <Link to="/board/betting-history" className="ui-btn" data-testid="bet-history-full" onClick={bettingModal.close}>
          {t('betting.viewAll')}
        </Link>
      </div>
    </Modal>
  );
}
