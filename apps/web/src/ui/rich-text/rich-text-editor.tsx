import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../dialog.tsx';
import { isSafeLinkUrl } from '@wager/contracts/html';
import { escapeHtml, imageHtml } from './html.ts';
import { uploadImage } from './upload.ts';
import './rich-text.css';

type Props = {
  /** Starting HTML; the editor owns its content afterwards (remount with a new key to reset). */
  initial?: string;
  onChange: (html: string) => void;
  placeholder?: string;
  /** Image insert shows only where the screen allows uploads (posts, inquiries). */
  allowImages?: boolean;
  testId?: string;
  onUploadingChange?: (busy: boolean) => void;
};

type Command = 'bold' | 'italic' | 'underline' | 'insertUnorderedList' | 'insertOrderedList';

/** Toolbar glyphs as strokes (no emoji or icon font needed). */
const GLYPHS = {
  bullets: 'M9 6h11M9 12h11M9 18h11M4 6h.01M4 12h.01M4 18h.01',
  numbers: 'M10 6h10M10 12h10M10 18h10M4 4v4M3 14h3l-3 4h3',
  link: 'M10 14a4 4 0 005.7 0l3-3a4 4 0 00-5.7-5.7l-1 1M14 10a4 4 0 00-5.7 0l-3 3a4 4 0 005.7 5.7l1-1',
};
const glyph = (d: string) => (
  <svg
    width="16"
    height="16"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

/**
 * A small contentEditable editor (no package): bold, italic, underline, lists, links and
 * image upload. Formatting goes through execCommand, which every current browser still runs
 * for contentEditable; what it produces is sanitised by the server on save.
 */
export function RichTextEditor({ initial = '', onChange, placeholder, allowImages = true, testId = 'editor', onUploadingChange }: Props) {
  const { t } = useTranslation();
  const area = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const saved = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('https://');
  const [uploading, setUploading] = useState(false);
  const [active, setActive] = useState<Record<Command, boolean>>({
    bold: false,
    italic: false,
    underline: false,
    insertUnorderedList: false,
    insertOrderedList: false,
  });

  useEffect(() => {
    if (area.current) area.current.innerHTML = initial;
    // Only the first content: later renders must not overwrite what the player typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately the first value only
  }, []);

  const emit = () => onChange(area.current?.innerHTML ?? '');

  function rememberSelection() {
    const sel = window.getSelection();
    if (sel && sel.rangeCount > 0 && area.current?.contains(sel.anchorNode)) saved.current = sel.getRangeAt(0).cloneRange();
    refreshActive();
  }

  /** Puts the caret back where it was (or at the end) before a toolbar action edits. */
  function restoreSelection() {
    const el = area.current;
    if (!el) return;
    el.focus();
    const sel = window.getSelection();
    if (!sel) return;
    sel.removeAllRanges();
    if (saved.current && el.contains(saved.current.startContainer)) sel.addRange(saved.current);
    else {
      const range = document.createRange();
      range.selectNodeContents(el);
      range.collapse(false);
      sel.addRange(range);
    }
  }

  function refreshActive() {
    const next = { ...active };
    for (const cmd of Object.keys(next) as Command[]) {
      try {
        next[cmd] = document.queryCommandState(cmd);
      } catch {
        next[cmd] = false;
      }
    }
    setActive(next);
  }

  function run(cmd: Command) {
    restoreSelection();
    document.execCommand(cmd);
    rememberSelection();
    emit();
  }

  function insertHtml(html: string) {
    restoreSelection();
    document.execCommand('insertHTML', false, html);
    rememberSelection();
    emit();
  }

  function applyLink() {
    const url = link.trim();
    setLinkOpen(false);
    if (!url || url === 'https://' || !isSafeLinkUrl(url)) return;
    restoreSelection();
    const sel = window.getSelection();
    if (sel && !sel.isCollapsed) document.execCommand('createLink', false, url);
    else document.execCommand('insertHTML', false, `<a href="${escapeHtml(url)}" target="_blank">${escapeHtml(url)}</a>`);
    rememberSelection();
    emit();
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    setUploading(true);
    onUploadingChange?.(true);
    const result = await uploadImage(file);
    setUploading(false);
    onUploadingChange?.(false);
    if (fileInput.current) fileInput.current.value = '';
    if (!result.ok) {
      await showAlert(result.message);
      return;
    }
    insertHtml(`<p>${imageHtml(result.url)}</p>`);
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (!(e.ctrlKey || e.metaKey)) return;
    const key = e.key.toLowerCase();
    const cmd: Command | null = key === 'b' ? 'bold' : key === 'i' ? 'italic' : key === 'u' ? 'underline' : null;
    if (cmd) {
      e.preventDefault();
      run(cmd);
    }
  }

  const tool = (cmd: Command, label: string, glyph: ReactNode) => (
    <button
      type="button"
      className={active[cmd] ? 'c-tool is-on' : 'c-tool'}
      title={label}
      aria-label={label}
      aria-pressed={active[cmd]}
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => run(cmd)}
    >
      {glyph}
    </button>
  );

  return (
    <div className="c-editor">
      <div className="c-toolbar" role="toolbar" aria-label={t('community.editor.toolbar')}>
        {tool('bold', t('community.editor.bold'), <b>B</b>)}
        {tool('italic', t('community.editor.italic'), <i>I</i>)}
        {tool('underline', t('community.editor.underline'), <u>U</u>)}
        <span className="c-tool-sep" />
        {tool('insertUnorderedList', t('community.editor.bullets'), glyph(GLYPHS.bullets))}
        {tool('insertOrderedList', t('community.editor.numbers'), glyph(GLYPHS.numbers))}
        <span className="c-tool-sep" />
        <button
          type="button"
          className={linkOpen ? 'c-tool is-on' : 'c-tool'}
          title={t('community.editor.link')}
          aria-label={t('community.editor.link')}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            rememberSelection();
            setLinkOpen((v) => !v);
          }}
        >
          {glyph(GLYPHS.link)}
        </button>
        {allowImages && (
          <>
            <button
              type="button"
              className="c-tool c-tool-wide"
              data-testid={`${testId}-image`}
              disabled={uploading}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                rememberSelection();
                fileInput.current?.click();
              }}
            >
              {uploading ? t('community.editor.uploading') : t('community.editor.image')}
            </button>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              hidden
              data-testid={`${testId}-file`}
              onChange={(e) => void onFile(e.target.files?.[0])}
            />
          </>
        )}
      </div>
      {linkOpen && (
        <div className="c-linkbar">
          <input
            className="ui-input"
            type="url"
            value={link}
            aria-label={t('community.editor.linkUrl')}
            autoFocus
            onChange={(e) => setLink(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
            }}
          />
          <button type="button" className="ui-btn c-linkbar-btn" onClick={applyLink}>
            {t('community.editor.linkApply')}
          </button>
        </div>
      )}
      <div
        ref={area}
        className="c-editor-area c-rich"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={placeholder}
        data-placeholder={placeholder}
        data-testid={testId}
        onInput={emit}
        onKeyUp={rememberSelection}
        onMouseUp={rememberSelection}
        onBlur={rememberSelection}
        onKeyDown={onKeyDown}
        onPaste={(e) => {
          // Pasted markup from other sites is dropped: the text comes in, formatting is redone here.
          e.preventDefault();
          document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
        }}
      />
    </div>
  );
}
