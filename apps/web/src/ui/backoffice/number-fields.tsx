import type { ReactNode } from 'react';
import { useSkin } from './skin.tsx';

/** The labelled number inputs of a settings form (typed as text, validated on save); `children` joins the grid. */
export function NumberFields<K extends string>({
  keys,
  values,
  onChange,
  label,
  testId,
  className,
  inputClassName,
  inputMode = 'numeric',
  placeholder,
  invalid,
  children,
}: {
  keys: readonly K[];
  values: Record<K, string>;
  onChange: (key: K, value: string) => void;
  label: (key: K) => string;
  testId: (key: K) => string;
  /** The grid's class (each screen lays its columns out itself). */
  className: string;
  inputClassName: string;
  inputMode?: 'numeric' | 'decimal';
  placeholder?: (key: K) => string;
  invalid?: (key: K) => boolean;
  children?: ReactNode;
}) {
  const { prefix } = useSkin();
  return (
    <div className={className}>
      {keys.map((k) => (
        <label key={k} className={`${prefix}-form-col`}>
          <span className={`${prefix}-form-label`}>{label(k)}</span>
          <input
            className={inputClassName}
            inputMode={inputMode}
            value={values[k]}
            aria-invalid={invalid?.(k)}
            placeholder={placeholder?.(k)}
            data-testid={testId(k)}
            onChange={(e) => onChange(k, e.target.value)}
          />
        </label>
      ))}
      {children}
    </div>
  );
}
