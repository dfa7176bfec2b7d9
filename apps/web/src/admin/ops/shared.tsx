import type { ReactNode } from 'react';

/** A small coloured label; `tone` picks the colour (see ops.css). */
export function Badge({ tone, children, testId }: { tone: string; children: ReactNode; testId?: string }) {
  return (
    <span className={`ad-badge is-${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}
