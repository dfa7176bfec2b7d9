import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_TARGETS, type CallBody } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { ErrorText } from '../../ui/backoffice/error-text.tsx';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { isBlankHtml } from '../../ui/rich-text/html.ts';
import { RichTextEditor } from '../../ui/rich-text/rich-text-editor.tsx';
import { TemplatePicker } from '../content/template-picker.tsx';
import { useMemberPick, useSendMessage } from './queries.ts';

type Target = (typeof MESSAGE_TARGETS)[number];
const LEVELS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Note sending (spec §6 targets): all members, one member, one level, or an agent's direct or whole downline. */
export function MessageSendPage() {
  const { t } = useTranslation();
  const [target, setTarget] = useState<Target>('all');
  const [level, setLevel] = useState(1);
  const [recipient, setRecipient] = useState<number | null>(null);
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  // The editor is uncontrolled: a picked template (or a sent note) remounts it with new HTML.
  const [seed, setSeed] = useState({ key: 0, html: '' });
  const [uploading, setUploading] = useState(false);
  const [busy, setBusy] = useState(false);
  const sendMessage = useSendMessage();
  const [sent, setSent] = useState<number | null>(null);
  const needsPerson = target === 'user' || target === 'agent_lower_direct' || target === 'agent_lower_all';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading) return;
    if (needsPerson && recipient === null) return showAlert(t('adminOps.send.recipientRequired'));
    if (!subject.trim() || isBlankHtml(content)) return showAlert(t('adminOps.send.required'));
    if (!(await showConfirm(t('adminOps.send.confirm')))) return;
    const common = { subject: subject.trim(), content };
    let body: CallBody<'/api/admin/message/send'>;
    if (target === 'all') body = { target, ...common };
    else if (target === 'level') body = { target, level, ...common };
    else if (target === 'user') body = { target, user_id: recipient!, ...common };
    else body = { target, agent_id: recipient!, ...common };
    setBusy(true);
    const answer = await sendMessage.mutateAsync(body);
    setBusy(false);
    if (!answer.result) return showAlert(errorText(answer.error), t('adminOps.common.failed'));
    setSent(answer.data.sent);
    setSubject('');
    setContent('');
    setSeed((s) => ({ key: s.key + 1, html: '' }));
    await showAlert(t('adminOps.send.sent', { count: answer.data.sent }));
  }

  return (
    <section className="ad-page" data-testid="admin-message-send">
      <h1 className="ad-title">{t('adminOps.send.title')}</h1>
      <form className="ad-panel ad-form" onSubmit={submit}>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminOps.send.target')}</span>
          <select
            className="ui-input ad-select"
            data-testid="admin-send-target"
            value={target}
            onChange={(e) => {
              setTarget(e.target.value as Target);
              setRecipient(null);
            }}
          >
            {MESSAGE_TARGETS.map((k) => (
              <option key={k} value={k}>
                {t(`adminOps.send.targets.${k}`)}
              </option>
            ))}
          </select>
        </label>
        {target === 'level' && (
          <label className="ad-form-row">
            <span className="ad-form-label">{t('adminOps.send.level')}</span>
            <select className="ui-input ad-select" data-testid="admin-send-level" value={level} onChange={(e) => setLevel(Number(e.target.value))}>
              {LEVELS.map((n) => (
                <option key={n} value={n}>
                  {t('adminOps.send.levelN', { level: n })}
                </option>
              ))}
            </select>
          </label>
        )}
        {needsPerson && <PersonPicker key={target} role={target === 'user' ? 'user' : 'agent'} value={recipient} onChange={setRecipient} />}
        <div className="ad-form-row">
          <span className="ad-form-label">{t('adminOps.send.template')}</span>
          <TemplatePicker
            kind="note"
            testId="admin-send-template"
            onPick={(picked) => {
              setSubject(picked.subject);
              setContent(picked.content);
              setSeed((s) => ({ key: s.key + 1, html: picked.content }));
            }}
          />
        </div>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminOps.send.subject')}</span>
          <input className="ui-input" data-testid="admin-send-subject" maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} />
        </label>
        <div className="ad-form-row is-top">
          <span className="ad-form-label">{t('adminOps.send.content')}</span>
          <RichTextEditor key={seed.key} initial={seed.html} onChange={setContent} testId="admin-send-content" onUploadingChange={setUploading} />
        </div>
        <div className="ad-form-actions">
          {sent !== null && (
            <span className="ad-ok" data-testid="admin-send-result">
              {t('adminOps.send.sent', { count: sent })}
            </span>
          )}
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="admin-send-submit" disabled={busy}>
            {busy ? t('adminOps.common.processing') : t('adminOps.send.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** Finds a member (or an agent) by account or nickname through the member list and picks its id. */
function PersonPicker({ role, value, onChange }: { role: 'user' | 'agent'; value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const query = useMemberPick(role, search);
  const rows = query.data?.rows ?? [];
  // A search with exactly one match picks it (the usual case: an exact account).
  const only = query.data?.rows.length === 1 ? query.data.rows[0].id : null;
  useEffect(() => {
    if (only !== null) onChange(only);
  }, [only, onChange]);

  function find() {
    const next = draft.trim();
    setSearch(next);
    onChange(null);
  }

  return (
    <div className="ad-form-row">
      <span className="ad-form-label">{t(role === 'user' ? 'adminOps.send.memberSearch' : 'adminOps.send.agentSearch')}</span>
      <div className="ad-picker">
        <input
          className="ui-input"
          data-testid="admin-send-search"
          placeholder={t('adminOps.send.searchPlaceholder')}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              find();
            }
          }}
        />
        <button type="button" className="ui-btn ad-btn-sm" data-testid="admin-send-search-submit" onClick={find}>
          {t('adminOps.common.search')}
        </button>
        {search !== '' &&
          (query.isError ? (
            <ErrorText error={query.error} inline />
          ) : query.isSuccess && rows.length === 0 ? (
            <span className="ad-muted">{t('adminOps.send.noMatch')}</span>
          ) : (
            <select
              className="ui-input ad-select"
              data-testid="admin-send-recipient"
              value={value ?? ''}
              onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{t('adminOps.send.pick')}</option>
              {rows.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.account} ({m.nickname})
                </option>
              ))}
            </select>
          ))}
      </div>
    </div>
  );
}
