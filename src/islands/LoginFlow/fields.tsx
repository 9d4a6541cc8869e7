import { useEffect, useId, useRef, useState, type InputHTMLAttributes, type ReactNode, type RefObject } from 'react';
import { api } from '../../lib/api/client';
import { CODE_LENGTH, CODE_RESEND_S, CODE_TTL_S } from '../../lib/contracts/identity-constants';
import type { ClientT } from '../../lib/i18n/client';
import { ENDPOINT, retryAfterOf, serverErrors, type CodeType } from './form';
import styles from './LoginFlow.module.css';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'ref' | 'aria-invalid' | 'aria-describedby'>;

interface TextFieldProps extends InputProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  /** Always-visible help under the input (e.g. the password length), read after the label. */
  hint?: string | undefined;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** Controls that sit beside the input (the send-code button). */
  addon?: ReactNode;
  /** Under the input, after the error: a status line that belongs to this field. */
  footer?: ReactNode;
}

/** A labelled input with its hint and its error, tied together with aria-describedby. */
export function TextField({ label, value, onValueChange, error, hint, inputRef, addon, footer, ...input }: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const control = (
    <input
      ref={inputRef}
      id={id}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      value={value}
      onChange={(e) => onValueChange(e.target.value)}
      {...input}
    />
  );
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {addon ? (
        <div className={styles.inputRow}>
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
      {footer}
    </div>
  );
}

/** Seconds left until `deadline` (ms since epoch), ticking once a second; 0 when there is no deadline. */
function useCountdown(deadline: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
}

interface CodeFieldProps {
  t: ClientT;
  /** The code's purpose (§7 code types): 2 login, 3 register, 4 reset password. */
  type: CodeType;
  /** The account the code is sent to, from the same form. */
  account: string;
  /** Called when the account is what stops the send (empty, or the server's field error): the form shows it and focuses it. */
  onAccountError: (message: string) => void;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
  /** False until the island has hydrated. */
  ready: boolean;
}

/**
 * The verification-code input with its send button. After a send the button counts down (the server's
 * `resendAfter`, else CODE_RESEND_S) before it can send again; a 429 counts down the server's `retryAfter`.
 */
export function CodeField({ t, type, account, onAccountError, value, onValueChange, error, inputRef, ready }: CodeFieldProps) {
  const [deadline, setDeadline] = useState<number | null>(null);
  const [sending, setSending] = useState(false);
  const [status, setStatus] = useState('');
  const [sendError, setSendError] = useState('');
  const remaining = useCountdown(deadline);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  async function send() {
    if (sending || remaining > 0) return;
    setSendError('');
    setStatus('');
    if (!account.trim()) {
      onAccountError(t('login.accountRequired'));
      return;
    }
    setSending(true);
    try {
      const result = await api.get<{ expiresIn: number; resendAfter: number }>(ENDPOINT.sendCode, {
        searchParams: { account: account.trim(), type },
        silent: true,
      });
      if (!mounted.current) return;
      const resendAfter = result?.resendAfter && result.resendAfter > 0 ? result.resendAfter : CODE_RESEND_S;
      const expiresIn = result?.expiresIn && result.expiresIn > 0 ? result.expiresIn : CODE_TTL_S;
      setDeadline(Date.now() + resendAfter * 1000);
      setStatus(t('login.codeSent', { minutes: Math.max(1, Math.round(expiresIn / 60)) }));
      inputRef.current?.focus();
    } catch (err) {
      if (!mounted.current) return;
      const retryAfter = retryAfterOf(err);
      if (retryAfter !== null) {
        setDeadline(Date.now() + retryAfter * 1000);
        setSendError(t('login.codeTooOften', { seconds: retryAfter }));
        inputRef.current?.focus();
        return;
      }
      const errors = serverErrors(err, ['account'] as const, t);
      if (errors.account) onAccountError(errors.account);
      else {
        setSendError(errors.form ?? '');
        inputRef.current?.focus();
      }
    } finally {
      if (mounted.current) setSending(false);
    }
  }

  const label = sending ? t('login.sendingCode') : remaining > 0 ? t('login.resendIn', { seconds: remaining }) : t('login.sendCode');
  return (
    <TextField
      label={t('login.code')}
      name="code"
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH + 2}
      required
      value={value}
      onValueChange={onValueChange}
      error={error}
      inputRef={inputRef}
      addon={
        <button type="button" className={`btn btn-secondary ${styles.sendCode}`} onClick={() => void send()} disabled={!ready || sending || remaining > 0}>
          {label}
        </button>
      }
      footer={
        <>
          {sendError && (
            <p role="alert" className={styles.error}>
              {sendError}
            </p>
          )}
          {/* Always in the page so the announcement is heard when the text arrives. */}
          <p role="status" className={status ? styles.hint : 'sr-only'}>
            {status}
          </p>
        </>
      }
    />
  );
}
