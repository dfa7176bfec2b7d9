import { useId, useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addAmount, caretAfterDigits, floorToUnit, maskAmount, shortAmount, toDigits } from './amount-mask.ts';
import './amount-input.css';

/** Spec §5 quick-add steps; pages may pass the longer list with 5,000,000 and 10,000,000. */
export const QUICK_AMOUNTS = [10_000, 50_000, 100_000, 500_000, 1_000_000] as const;
export const QUICK_AMOUNTS_LONG = [...QUICK_AMOUNTS, 5_000_000, 10_000_000] as const;

type AmountInputProps = {
  /** Digits only ("1000000"); '0' when empty. */
  value: string;
  onChange: (digits: string) => void;
  label: string;
  /** Own money (or points): shows the "full amount" button. */
  max?: string | null;
  /** The full amount is rounded down to this unit (exchange in units of 10,000). */
  unit?: string | null;
  quick?: readonly number[];
  /** Written after the number: 원, P … */
  suffix?: string;
  testId?: string;
  disabled?: boolean;
  hint?: string;
};

/**
 * Comma-masked amount field (spec §5): shows "1,000,000", keeps "1000000", never a float.
 * Quick-add buttons, an optional full-amount button and a clear button that resets to 0.
 */
export function AmountInput({ value, onChange, label, max, unit, quick = QUICK_AMOUNTS, suffix, testId = 'amount', disabled, hint }: AmountInputProps) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const caretDigits = useRef<number | null>(null);
  const shown = value === '0' ? '' : maskAmount(value);
  // Offer only what is possible: with a held amount (`max`), a step above it is not shown and a
  // step that would pass it is disabled (no "+10만" while holding 1,000 P).
  const held = max === undefined || max === null ? null : BigInt(toDigits(max));
  const steps = held === null ? quick : quick.filter((n) => BigInt(n) <= held);
  const passesHeld = (n: number) => held !== null && BigInt(addAmount(value, n)) > held;

  // Re-inserting commas moves the text; put the caret back after the same digits.
  useLayoutEffect(() => {
    const el = input.current;
    if (caretDigits.current === null || !el || document.activeElement !== el) return;
    const at = caretAfterDigits(el.value, caretDigits.current);
    caretDigits.current = null;
    el.setSelectionRange(at, at);
  }, [shown]);

  function typed(e: ChangeEvent<HTMLInputElement>) {
    const raw = e.target.value;
    const before = raw.slice(0, e.target.selectionStart ?? raw.length);
    caretDigits.current = before.replace(/\D/g, '').replace(/^0+/, '').length;
    onChange(toDigits(raw));
  }

  return (
    <div className="ui-amount">
      <label className="ui-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="ui-amount-box">
        <input
          ref={input}
          id={id}
          className="ui-input ui-amount-input"
          data-testid={testId}
          inputMode="numeric"
          autoComplete="off"
          placeholder="0"
          value={shown}
          disabled={disabled}
          onChange={typed}
        />
        {suffix && <span className="ui-amount-suffix">{suffix}</span>}
      </div>
      {hint && <p className="ui-amount-hint">{hint}</p>}
      <div className="ui-amount-quick">
        {steps.map((n) => (
          <button
            key={n}
            type="button"
            className="ui-btn ui-amount-btn"
            data-testid={`${testId}-add-${n}`}
            disabled={disabled || passesHeld(n)}
            aria-label={t('money.amount.addAria', { amount: maskAmount(String(n)) })}
            onClick={() => onChange(addAmount(value, n))}
          >
            +{shortAmount(n, t('money.amount.myriad'))}
          </button>
        ))}
        {max !== undefined && max !== null && (
          <button
            type="button"
            className="ui-btn ui-amount-btn is-max"
            data-testid={`${testId}-max`}
            disabled={disabled}
            onClick={() => onChange(floorToUnit(max, unit))}
          >
            {t('money.amount.max')}
          </button>
        )}
        <button type="button" className="ui-btn ui-amount-btn is-clear" data-testid={`${testId}-clear`} disabled={disabled} onClick={() => onChange('0')}>
          {t('money.amount.clear')}
        </button>
      </div>
    </div>
  );
}
