import type { InputHTMLAttributes, ReactNode } from 'react';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; testId?: string; addon?: ReactNode };

/** A labelled input; `addon` sits at the right (a check or send button). */
export function Field({ label, testId, addon, id, ...input }: FieldProps) {
  const inputId = id ?? (input.name ? `f-${input.name}` : undefined);
  return (
    <label className="ui-field" htmlFor={inputId}>
      <span className="ui-field-label">{label}</span>
      <span className="ui-field-row">
        <input id={inputId} className="ui-input" data-testid={testId} {...input} />
        {addon}
      </span>
    </label>
  );
}
