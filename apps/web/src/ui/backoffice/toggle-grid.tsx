import { useSkin } from './skin.tsx';

/** The on/off switches at the top of a settings form (betting allowed, duplicate betting …). */
export function ToggleGrid<K extends string>({
  keys,
  values,
  onChange,
  label,
  testId,
}: {
  keys: readonly K[];
  values: Record<K, boolean>;
  onChange: (key: K, on: boolean) => void;
  label: (key: K) => string;
  testId: (key: K) => string;
}) {
  const { prefix } = useSkin();
  return (
    <div className={`${prefix}-check-grid`}>
      {keys.map((k) => (
        <label key={k} className={`${prefix}-check`}>
          <input type="checkbox" checked={values[k]} data-testid={testId(k)} onChange={(e) => onChange(k, e.target.checked)} />
          {label(k)}
        </label>
      ))}
    </div>
  );
}
