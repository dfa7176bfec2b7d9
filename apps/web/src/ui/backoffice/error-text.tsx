import { queryErrorText } from '../../i18n/error-text.ts';
import { useSkin } from './skin.tsx';

/** A failed query's text in the tree's error style; `text` replaces the server's reason where a screen words it itself. */
export function ErrorText({ error, text, inline = false }: { error: unknown; text?: string; inline?: boolean }) {
  const { prefix } = useSkin();
  const Tag = inline ? 'span' : 'p';
  return <Tag className={`${prefix}-error`}>{text ?? queryErrorText(error)}</Tag>;
}
