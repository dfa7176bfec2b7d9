import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CallData } from '@wager/contracts';
import { errorText } from '../../i18n/error-text.ts';
import { formatDateTime } from '../../lib/date.ts';
import { showAlert, showConfirm } from '../../ui/dialog.tsx';
import { Modal } from '../../ui/modal.tsx';
import { ListFrame } from '../../ui/backoffice/list-frame.tsx';
import { BackofficePage } from '../../ui/backoffice/page.tsx';
import { skipOf } from '../../ui/backoffice/paging.ts';
import { isBlankHtml } from '../../ui/rich-text/html.ts';
import { RichTextEditor } from '../../ui/rich-text/rich-text-editor.tsx';
import { Badge } from '../ops/shared.tsx';
import { ImageField } from './image-field.tsx';
import { useCreatePopup, useDeletePopup, usePopupList, useUpdatePopup } from './queries.ts';

type Popup = CallData<'/api/admin/popup/list'>['popups'][number];
const AUDIENCES = [2, 0] as const;
const audienceKey = (d: 0 | 2) => (d === 2 ? 'guests' : 'members');

/** Pop-ups (spec §3): guests (`disabled` 2) or signed-in members (0), an image and/or HTML, on or off. */
export function PopupsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Popup | 'new' | null>(null);
  const query = usePopupList(skipOf(page));
  const remove = useDeletePopup();

  async function del(p: Popup) {
    if (!(await showConfirm(t('adminContent.common.confirmDelete', { subject: p.name })))) return;
    const r = await remove.mutateAsync({ id: p.id });
    await showAlert(r.result ? t('adminContent.common.deleted') : errorText(r.error));
  }

  return (
    <BackofficePage
      title={t('adminContent.popups.title')}
      testId="adc-popups"
      filters={
        <button type="button" className="ui-btn ui-btn-primary ad-btn-sm" data-testid="adc-popup-new" onClick={() => setEditing('new')}>
          {t('adminContent.common.create')}
        </button>
      }
    >
      <p className="ad-muted">{t('adminContent.popups.hint')}</p>
      <ListFrame
        query={query}
        paging={{ page, onPage: setPage }}
        rows={(d) => d.popups}
        rowKey={(p) => p.id}
        rowProps={(p) => ({ 'data-testid': 'adc-popup-row', 'data-id': p.id })}
        emptyText={t('adminContent.popups.empty')}
        columns={[
          { id: 'id', header: 'ID', cell: (p) => p.id, className: 'num' },
          { id: 'image', header: t('adminContent.common.image'), cell: (p) => (p.image_src ? <img className="adc-thumb" src={p.image_src} alt="" /> : '-') },
          {
            id: 'name',
            header: t('adminContent.popups.name'),
            className: 'ad-cell-wide strong',
            cell: (p) => (
              <button type="button" className="ad-link" onClick={() => setEditing(p)}>
                {p.name}
              </button>
            ),
          },
          {
            id: 'audience',
            header: t('adminContent.popups.audience'),
            cell: (p) => <Badge tone={p.disabled === 2 ? 'warn' : 'ok'}>{t(`adminContent.popups.audiences.${audienceKey(p.disabled)}`)}</Badge>,
          },
          {
            id: 'active',
            header: t('adminContent.common.state'),
            cell: (p) => <Badge tone={p.is_active ? 'ok' : 'muted'}>{t(p.is_active ? 'adminContent.popups.on' : 'adminContent.popups.off')}</Badge>,
          },
          { id: 'updated', header: t('adminContent.common.updatedAt'), cell: (p) => formatDateTime(p.updated_at), className: 'mono' },
          {
            id: 'actions',
            header: t('common.actions'),
            cell: (p) => (
              <span className="ad-row-actions">
                <button type="button" className="ui-btn ad-btn-xs" data-testid="adc-popup-edit" onClick={() => setEditing(p)}>
                  {t('adminContent.common.edit')}
                </button>
                <button type="button" className="ui-btn ui-btn-danger ad-btn-xs" data-testid="adc-popup-delete" onClick={() => void del(p)}>
                  {t('adminContent.common.delete')}
                </button>
              </span>
            ),
          },
        ]}
      />
      {editing !== null && <PopupEditor popup={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </BackofficePage>
  );
}

function PopupEditor({ popup, onClose }: { popup: Popup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreatePopup();
  const update = useUpdatePopup();
  const [name, setName] = useState(popup?.name ?? '');
  const [audience, setAudience] = useState<0 | 2>(popup?.disabled ?? 2);
  const [active, setActive] = useState(popup?.is_active ?? true);
  const [image, setImage] = useState<string | null>(popup?.image_src ?? null);
  const [content, setContent] = useState(popup?.content ?? '');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || uploading) return;
    if (!name.trim()) return showAlert(t('errors.popup_name_required'));
    if (!image && isBlankHtml(content)) return showAlert(t('errors.popup_content_required'));
    setBusy(true);
    const body = { name: name.trim(), image_src: image, content, disabled: audience, is_active: active };
    const r = popup ? await update.mutateAsync({ id: popup.id, ...body }) : await create.mutateAsync(body);
    setBusy(false);
    if (!r.result) return showAlert(errorText(r.error), t('adminOps.common.failed'));
    onClose();
    await showAlert(t('adminContent.common.saved'));
  }

  return (
    <Modal title={t(popup ? 'adminContent.popups.editTitle' : 'adminContent.popups.createTitle')} onClose={onClose} testId="adc-popup-editor" wide>
      <form className="ad-form" onSubmit={(e) => void submit(e)} noValidate>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminContent.popups.name')}</span>
          <input className="ui-input" data-testid="adc-popup-name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminContent.popups.audience')}</span>
          <select
            className="ui-input ad-select"
            data-testid="adc-popup-audience"
            value={audience}
            onChange={(e) => setAudience(Number(e.target.value) === 0 ? 0 : 2)}
          >
            {AUDIENCES.map((d) => (
              <option key={d} value={d}>
                {t(`adminContent.popups.audiences.${audienceKey(d)}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="ad-form-row">
          <span className="ad-form-label">{t('adminContent.common.state')}</span>
          <span>
            <input type="checkbox" data-testid="adc-popup-active" checked={active} onChange={(e) => setActive(e.target.checked)} />{' '}
            {t('adminContent.popups.on')}
          </span>
        </label>
        <div className="ad-form-row">
          <span className="ad-form-label">{t('adminContent.common.image')}</span>
          <ImageField value={image} onChange={setImage} testId="adc-popup-image" />
        </div>
        <div className="ad-form-row is-top">
          <span className="ad-form-label">{t('adminContent.common.content')}</span>
          <RichTextEditor initial={popup?.content ?? ''} onChange={setContent} testId="adc-popup-body" onUploadingChange={setUploading} />
        </div>
        <div className="ad-form-actions">
          <button type="button" className="ui-btn" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="ui-btn ui-btn-primary" data-testid="adc-popup-submit" disabled={busy || uploading}>
            {busy ? t('adminOps.common.processing') : t('adminContent.common.save')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
