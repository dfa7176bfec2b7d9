import { LEVELS } from '@wager/contracts';
import { DataTable } from './data-table.tsx';
import { useSkin } from './skin.tsx';

type Level = (typeof LEVELS)[number];
// TanStack rows are objects.
const ROWS = LEVELS.map((level) => ({ level }));

/** One level's row of a settings form: allowed, and each limit as typed (validated on save). */
export type LevelRow<F extends string> = { allowed: boolean } & Record<F, string>;

/**
 * The per-level settings grid (spec §3: levels 1–7 × allowed and limits) that sports boards,
 * mini games and casino vendors share. Test ids: `<testIdPrefix>` per row, `<testIdPrefix>-<level>-<field>`
 * per input and `<testIdPrefix>-<level>-allowed`.
 */
export function LevelSettingsGrid<F extends string>({
  levels,
  fields,
  onChange,
  levelLabel,
  fieldLabel,
  allowedLabel,
  levelHeader,
  testIdPrefix,
  invalid,
  inputClassName = 'ui-input',
  tableClassName,
}: {
  levels: Record<Level, LevelRow<F>>;
  fields: readonly F[];
  onChange: (level: Level, patch: Partial<LevelRow<F>>) => void;
  levelLabel: (level: Level) => string;
  fieldLabel: (field: F) => string;
  allowedLabel: string;
  levelHeader?: string;
  testIdPrefix: string;
  invalid?: (field: string) => boolean;
  inputClassName?: string;
  tableClassName?: string;
}) {
  const { prefix } = useSkin();
  return (
    <div className={`${prefix}-table-wrap`}>
      <DataTable
        className={tableClassName}
        rows={ROWS}
        rowKey={(r) => r.level}
        rowProps={(r) => ({ 'data-testid': testIdPrefix, 'data-level': r.level })}
        columns={[
          { id: 'level', header: levelHeader, cell: (r) => levelLabel(r.level), className: 'strong' },
          {
            id: 'allowed',
            header: allowedLabel,
            cell: ({ level: l }) => (
              <input
                type="checkbox"
                checked={levels[l].allowed}
                aria-label={allowedLabel}
                data-testid={`${testIdPrefix}-${l}-allowed`}
                onChange={(e) => onChange(l, { allowed: e.target.checked } as Partial<LevelRow<F>>)}
              />
            ),
          },
          ...fields.map((f) => ({
            id: f,
            header: fieldLabel(f),
            headClassName: 'num',
            cell: ({ level: l }: { level: Level }) => (
              <input
                className={inputClassName}
                inputMode="numeric"
                value={levels[l][f]}
                aria-invalid={invalid?.(`levels.${l}.${f}`)}
                aria-label={`${levelLabel(l)} ${fieldLabel(f)}`}
                data-testid={`${testIdPrefix}-${l}-${f}`}
                onChange={(e) => onChange(l, { [f]: e.target.value } as Partial<LevelRow<F>>)}
              />
            ),
          })),
        ]}
      />
    </div>
  );
}
