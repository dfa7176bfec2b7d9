import { useTranslation } from 'react-i18next';
import { useAllTemplates } from './queries.ts';

type Template = { id: number; subject: string; content: string };

/** Picks a saved template (spec §2 note and inquiry-answer templates) to fill a form with. */
export function TemplatePicker({ kind, onPick, testId }: { kind: 'note' | 'inquiry'; onPick: (t: Template) => void; testId: string }) {
  const { t } = useTranslation();
  const query = useAllTemplates(kind);
  const templates = query.data?.templates ?? [];
  return (
    <select
      className="ui-input ad-select"
      data-testid={testId}
      value=""
      disabled={templates.length === 0}
      onChange={(e) => {
        const picked = templates.find((x) => x.id === Number(e.target.value));
        if (picked) onPick(picked);
      }}
    >
      <option value="">{templates.length === 0 ? t('adminContent.templates.none') : t('adminContent.templates.pick')}</option>
      {templates.map((x) => (
        <option key={x.id} value={x.id}>
          {x.subject}
        </option>
      ))}
    </select>
  );
}
