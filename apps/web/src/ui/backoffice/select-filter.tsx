/** A filter select: "all" (the empty value) then one option per value. */
export function SelectFilter<V extends string>({
  value,
  onChange,
  options,
  label,
  allLabel,
  ariaLabel,
  className,
  testId,
}: {
  value: V | '';
  onChange: (value: V | '') => void;
  options: readonly V[];
  label: (value: V) => string;
  allLabel: string;
  ariaLabel: string;
  className: string;
  testId?: string;
}) {
  return (
    <select className={className} data-testid={testId} aria-label={ariaLabel} value={value} onChange={(e) => onChange(e.target.value as V | '')}>
      <option value="">{allLabel}</option>
      {options.map((o) => (
        <option key={o} value={o}>
          {label(o)}
        </option>
      ))}
    </select>
  );
}
