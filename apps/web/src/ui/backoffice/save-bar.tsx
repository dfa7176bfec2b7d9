import type { ReactNode } from 'react';
import { useSkin } from './skin.tsx';

export type SaveMessage = { ok: boolean; text: string };

/** The foot of a settings form: what the last save said, reset, save (busy while it runs). */
export function SaveBar({
  message,
  messageTestId,
  saveTestId,
  saving,
  onReset,
  labels,
  children,
}: {
  message: SaveMessage | null;
  messageTestId?: string;
  saveTestId?: string;
  saving: boolean;
  onReset?: () => void;
  labels: { save: string; saving?: string; reset?: string };
  /** Shown before the message (e.g. a validation problem). */
  children?: ReactNode;
}) {
  const { prefix } = useSkin();
  return (
    <div className={`${prefix}-form-actions`}>
      {children}
      {message && (
        <span className={message.ok ? `${prefix}-ok` : `${prefix}-error`} data-testid={messageTestId}>
          {message.text}
        </span>
      )}
      {onReset && (
        <button type="button" className={`ui-btn ${prefix}-btn-sm`} onClick={onReset} disabled={saving}>
          {labels.reset}
        </button>
      )}
      <button type="submit" className={`ui-btn ui-btn-primary ${prefix}-btn-sm`} data-testid={saveTestId} disabled={saving}>
        {saving && labels.saving ? labels.saving : labels.save}
      </button>
    </div>
  );
}
