import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type ModalProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
};

export function Modal({ title, onClose, children, testId, wide }: ModalProps) {
  const { t } = useTranslation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="ui-overlay" role="presentation" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <section className={wide ? 'ui-modal ui-modal-wide' : 'ui-modal'} role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
        <header className="ui-modal-head">
          <h2>{title}</h2>
          <button type="button" className="ui-modal-close" aria-label={t('common.close')} onClick={onClose}>
            ×
          </button>
        </header>
        <div className="ui-modal-body">{children}</div>
      </section>
    </div>
  );
}
