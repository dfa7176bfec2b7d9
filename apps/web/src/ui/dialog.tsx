import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * App-wide alert and confirm, usable outside React (the API client's session handlers call it).
 * One dialog at a time; a new one queues behind the open one.
 */
type Pending = { id: number; kind: 'alert' | 'confirm'; title?: string; message: string; resolve: (ok: boolean) => void };

let queue: Pending[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: Pending[]) {
  queue = next;
  listeners.forEach((fn) => fn());
}

function open(kind: Pending['kind'], message: string, title?: string): Promise<boolean> {
  return new Promise((resolve) => publish([...queue, { id: nextId++, kind, title, message, resolve }]));
}

export function showAlert(message: string, title?: string): Promise<void> {
  return open('alert', message, title).then(() => undefined);
}

export function showConfirm(message: string, title?: string): Promise<boolean> {
  return open('confirm', message, title);
}

function settle(id: number, ok: boolean) {
  const item = queue.find((d) => d.id === id);
  publish(queue.filter((d) => d.id !== id));
  item?.resolve(ok);
}

export function DialogHost() {
  const { t } = useTranslation();
  const current = useSyncExternalStore(
    (fn) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    () => queue[0],
  );
  if (!current) return null;
  return (
    <div className="ui-overlay ui-overlay-top" role="presentation">
      <div className="ui-dialog" role="alertdialog" aria-modal="true" data-testid="dialog">
        {current.title && <h2 className="ui-dialog-title">{current.title}</h2>}
        <p className="ui-dialog-message" data-testid="dialog-message">
          {current.message}
        </p>
        <div className="ui-dialog-actions">
          {current.kind === 'confirm' && (
            <button type="button" className="ui-btn" data-testid="dialog-cancel" onClick={() => settle(current.id, false)}>
              {t('common.cancel')}
            </button>
          )}
          <button type="button" className="ui-btn ui-btn-primary" data-testid="dialog-ok" autoFocus onClick={() => settle(current.id, true)}>
            {t('common.ok')}
          </button>
        </div>
      </div>
    </div>
  );
}
