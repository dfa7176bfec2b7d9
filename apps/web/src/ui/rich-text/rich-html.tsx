import { useMemo } from 'react';
import { sanitizeForDisplay } from '../../lib/rich-html.ts';
import './rich-text.css';

/**
 * Shows stored rich text (posts, notes, inquiries, answers, pop-ups). The server sanitises on
 * write; this filters once more with the same allow-list before React inserts the markup, so
 * this is the one place the member and partner sites use dangerouslySetInnerHTML.
 */
export function RichHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeForDisplay(html), [html]);
  return <div className={className ? `c-rich ${className}` : 'c-rich'} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}
