import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showAlert } from '../../ui/dialog.tsx';
import { uploadImage } from '../../ui/rich-text/upload.ts';

/** One stored image (an event thumbnail, a pop-up image): upload through the signed URL, preview, remove. */
export function ImageField({ value, onChange, testId }: { value: string | null; onChange: (url: string | null) => void; testId: string }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function pick(file: File | undefined) {
    if (!file) return;
    setBusy(true);
    const r = await uploadImage(file);
    setBusy(false);
    if (input.current) input.current.value = '';
    if (!r.ok) return showAlert(r.message);
    onChange(r.url);
  }

  return (
    <div className="adc-image">
      {value ? <img src={value} alt="" className="adc-image-preview" data-testid={`${testId}-preview`} /> : <span className="ad-muted">-</span>}
      <input ref={input} type="file" accept="image/*" hidden data-testid={`${testId}-file`} onChange={(e) => void pick(e.target.files?.[0])} />
      <button type="button" className="ui-btn ad-btn-sm" disabled={busy} onClick={() => input.current?.click()}>
        {busy ? t('adminContent.common.uploading') : t('adminContent.common.upload')}
      </button>
      {value && (
        <button type="button" className="ui-btn ad-btn-sm" onClick={() => onChange(null)}>
          {t('adminContent.common.removeImage')}
        </button>
      )}
    </div>
  );
}
