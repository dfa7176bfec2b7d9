import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_KINDS, type CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { Modal } from '../../ui/modal.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { Tabs } from '../../ui/backoffice/tabs.tsx';
import { isBlankHtml } from '../../ui/rich-text/html.ts';
import { RichTextEditor } from '../../ui/rich-text/rich-text-editor.tsx';
import { useCreateTemplate, useDeleteTemplate, useTemplateList, useUpdateTemplate } from './queries.ts';

type Kind = (typeof TEMPLATE_KINDS)[number];
type Template = CallData<'/api/admin/template/list'>['templates'][number];

/** Note templates and inquiry-answer templates (spec §2, §3 Template): list, write, edit, delete. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<Kind>('note');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Template | 'new' | null>(null);
  const query = useTemplateList({ kind, skip: skipOf(page) });
  const remove = useDeleteTemplate();

  async function del(x: Template) {
    if (!(await showConfirm(t('adminContent.common.confirmDelete', { subject: x.subject })))) return;
    const r = await remove.mutateAsync({ id: x.id });
    await showAlert(r.result ? t('adminContent.common.deleted') : errorText(r.error));
  }

  return (
    <BackofficePage
      title={t('adminContent.templates.title')}
      testId="adc-templates"
      filters={
        <button type="button" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="adc-template-new" onClick={() => setEditing('new')}>
          {t('adminContent.common.create')}
        </button>
      }
    >
      <Tabs
        tabs={TEMPLATE_KINDS}
        value={kind}
        onChange={(k) => {
          setKind(k);
          setPage(1);
        }}
        label={(k) => t(`adminContent.templates.kinds.${k}`)}
        testId={(k) => `adc-template-tab-${k}`}
      />
      <ListFrame
        query={query}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.templates}
        rowKey={(x) => x.id}
        rowProps={(x) => ({ 'data-testid': 'adc-template-row', 'data-id': x.id })}
        emptyText={t('adminContent.templates.empty')}
        columns={[
          { id: 'id', header: 'ID', cell: (x) => x.id, className: 'num' },
          {
            id: 'subject',
            header: t('adminContent.common.subject'),
            className: 'ad-cell-wide',
            cell: (x) => (
              <button type="button" className="ad-link" onClick={() => setEditing(x)}>
                {x.subject}
              </button>
            ),
          },
          { id: 'created', header: t('adminContent.common.createdAt'), cell: (x) => formatDateTime(x.created_at), className: 'mono' },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (x) => (
              <span className="ad-row-actions">
                <button type="button" className="ui-btn ad-btn-xs" data-testid="adc-template-edit" onClick={() => setEditing(x)}>
                  {t('adminContent.common.edit')}
                </button>
                <button type="button" className="ui-btn ui-btn-danger ad-btn-xs" data-testid="adc-template-delete" onClick={() => void del(x)}>
                  {t('adminContent.common.delete')}
                </button>
              </span>
            ),
          },
        ]}
      />
      {editing !== null && <TemplateEditor kind={kind} template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </BackofficePage>
  );
}

function TemplateEditor({ kind, template, onClose }: { kind: Kind; template: Template | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const [subject, setSubject] = useState(template?.subject ?? '');
  const [content, setContent] = useState(template?.content ?? '');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading) return;
    if (!subject.trim() || isBlankHtml(content)) return showAlert(t('errors.template_required'));
    setBusy(true);
    const body = { subject: subject.trim(), content };
    const r = template ? await update.mutateAsync({ id: template.id, ...body }) : await create.mutateAsync({ kind, ...body });
    setBusy(false);
    if (!r.result) return showAlert(errorText(r.error), t('adminOps.common.failed'));
    onClose();
    await showAlert(t('adminContent.common.saved'));
  }

  return (
    <Modal title={t(`adminContent.templates.kinds.${kind}`)} onClose={onClose} testId="adc-template-editor" wide>
      <form className="ad-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminContent.common.subject')}</span>
          <input className="ui-input" data-testid="adc-template-subject" maxLength={200} value={subject} onChange={(e) => setSubject(e.target.value)} />
        </label>
        <div className="ad-form-row is-top">
          <span className="ad-form-label">{t('adminContent.common.content')}</span>
          <RichTextEditor initial={template?.content ?? ''} onChange={setContent} testId="adc-template-body" onUploadingChange={setUploading} />
        </div>
        <div className="ad-form-actions">
          <button type="button" className="ui-btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="adc-template-submit" disabled={busy || uploading}>
            {busy ? t('adminOps.common.processing') : t('adminContent.common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
