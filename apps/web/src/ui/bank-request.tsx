import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiAnswer, ApiError } from '@wager/contracts';
import { errorText } from '../i18n/error-text.ts';
import { showAlert } from './dialog.tsx';
import { toPin } from './money-rules.ts';

type BankRequestOptions<T> = {
  send: () => Promise<ApiAnswer<T>>;
  /** Title of the alert that tells a refusal. */
  failedTitle: string;
  /** The alert once the request is taken. */
  done: string;
  /** Runs before the `done` alert. */
  onDone: (data: T) => void;
  /** The refusal's text where a form words one code its own way (default: the server code's text). */
  refusalText?: (error: ApiError) => string;
};

/**
 * One charge or exchange request at a time: `busy` while it is in flight, then an alert with
 * the refusal (under `failedTitle`) or, after `onDone`, the `done` message.
 */
export function useBankRequest<T>({ send, failedTitle, done, onDone, refusalText = errorText }: BankRequestOptions<T>) {
  const [busy, setBusy] = useState(false);
  // A ref, not only state: two taps in one frame must not send two requests.
  const inFlight = useRef(false);

  async function submit(e: FormEvent, ready: boolean) {
    e.preventDefault();
    if (inFlight.current || !ready) return;
    inFlight.current = true;
    setBusy(true);
    const answer = await send();
    inFlight.current = false;
    setBusy(false);
    if (!answer.result) {
      await showAlert(refusalText(answer.error), failedTitle);
      return;
    }
    onDone(answer.data);
    await showAlert(done);
  }

  return { busy, submit };
}

/** The 4-digit exchange password field of the charge and exchange forms. */
export function ExchangePinField({ value, onChange, testId }: { value: string; onChange: (pin: string) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <label className="ui-field">
      <span className="ui-field-label">{t('money.common.exchangePassword')}</span>
      <input
        className="ui-input mn-pin"
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        data-testid={testId}
        placeholder={t('money.common.exchangePasswordPlaceholder')}
        value={value}
        onChange={(e) => onChange(toPin(e.target.value))}
      />
    </label>
  );
}
