import type { InputHTMLAttributes, ReactNode } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; testId?: string; addon?: ReactNode; error?: string | null };

/** A labelled input; `addon` sits at the right (a check or send button); `error` is said under it. */
export function Field({ label, testId, addon, error, id, ...input }: FieldProps) {
  const inputId = id ?? (input.name ? `f-${input.name}` : undefined);
  return (
    <label className="ui-field" htmlFor={inputId}>
      <span className="ui-field-label">{label}</span>
      <span className="ui-field-row">
        <input id={inputId} className="ui-input" data-testid={testId} aria-invalid={error ? true : undefined} {...input} />
        {addon}
      </span>
      {error && (
        <span className="ui-field-error" role="alert" data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </span>
      )}
    </label>
  );
}
