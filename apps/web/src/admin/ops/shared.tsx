import type { ReactNode } from 'react';

/** A small coloured label; `tone` picks the colour (see ops.css). */
export function Badge({ tone, children, testId }: { tone: string; children: ReactNode; testId?: string }) {
  return (
    <span className={`ad-badge is-${tone}`} data-testid={testId}>
      {children}
    </span>
  );
}

/** Plain text typed by an admin → minimal HTML (escaped, one paragraph per line). */
export function textToHtml(text: string): string {
  const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => `<p>${escape(line) || '<br>'}</p>`)
    .join('');
}
