import { useEffect } from 'react';

/**
 * Each audience tree marks <body> so the shared UI kit (dialogs, modals) picks up that
 * tree's colours, and so one tree's styles never leak into another's.
 */
export function useBodyAudience(name: 'member' | 'partner' | 'admin', extraClass?: string): void {
  useEffect(() => {
    document.body.dataset.audience = name;
    if (extraClass) document.body.classList.add(extraClass);
    return () => {
      delete document.body.dataset.audience;
      if (extraClass) document.body.classList.remove(extraClass);
    };
  }, [name, extraClass]);
}
