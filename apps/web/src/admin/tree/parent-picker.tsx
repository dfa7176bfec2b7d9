import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTreeSearch } from './queries.ts';

/**
 * The parent's code typed or picked: typing shows up to 20 matching agents (account or nickname)
 * below the input; a click fills in the agent's code.
 */
export function ParentPicker({ value, onChange, hint }: { value: string; onChange: (code: string) => void; hint: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const search = value.trim();
  const found = useTreeSearch(open ? search : '');
  const agents = (found.data?.rows ?? []).filter((r) => r.role !== 'user');
  return (
    <span className="ad-form-col">
      <input
        className="ui-input"
        data-testid="admin-create-parent_code"
        maxLength={40}
        autoComplete="off"
        value={value}
        onChange={(e) => {
          onChange(e.target.value);
          setOpen(true);
        }}
      />
      <small className="ad-muted">{hint}</small>
      {open && agents.length > 0 && !(agents.length === 1 && agents[0].account === search) && (
        <ul className="ad-create-picks" aria-label={t('adminTree.create.parentPick')}>
          {agents.map((a) => (
            <li key={a.id}>
              <button
                type="button"
                className="ad-link"
                data-testid={`admin-create-parent-pick-${a.account}`}
                onClick={() => {
                  onChange(a.account);
                  setOpen(false);
                }}
              >
                {a.account} · {a.nickname} · {t(`roles.${a.role}` as 'roles.user')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </span>
  );
}
