import { useEffect, useRef, useState } from 'react';
import { identityApi } from '../../../lib/api/identity';
import { CODE_LENGTH, CODE_RESEND_S, CODE_TTL_S, type CodeType } from '../../../lib/contracts/identity-rules';
import type { ClientT } from '../../../lib/i18n/client';
import { retryAfterOf, serverErrors } from './errors';
import { TextField } from './Field';
import styles from './forms.module.css';
import type { FormController } from './useForm';

/** docs/product/identity.md#verification-codes: every code, whatever its purpose, is asked for here. */

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
  /** The form the code belongs to, as its field `code`. */
  form: FormController<'code'>;
  /** The code's purpose (docs/product/identity.md#verification-codes), e.g. 2 login, 5 bind account, 6 remove account. */
  type: CodeType;
  /** Where the code is sent: typed in the same form, or the session's own account. */
  account: string;
  /** Called when the account is what stops the send (empty, or the server's field error): the form shows it and focuses it. */
  onAccountError: (message: string) => void;
  /** Said when there is no account to send to; the sign-in forms' "enter your account" by default. */
  accountRequired?: string;
  value: string;
  onValueChange: (value: string) => void;
  /** False until the island has hydrated. */
  ready: boolean;
}

/**
 * The verification-code input with its send button. After a send the button counts down (the server's
 * `resendAfter`, else CODE_RESEND_S) before it can send again; a 429 counts down the server's `retryAfter`.
 */
export function CodeField({ t, form, type, account, onAccountError, accountRequired, value, onValueChange, ready }: CodeFieldProps) {
  const { error, inputRef } = form.bind('code');
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
      onAccountError(accountRequired ?? t('login.accountRequired'));
      return;
    }
    setSending(true);
    try {
      const result = await identityApi.sendCode(account.trim(), type);
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
      onValueChange={form.edit('code', onValueChange)}
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
