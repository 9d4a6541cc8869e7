import { useRef, useState, type SubmitEvent } from 'react';
import { api, ApiError } from '../../lib/api/client';
import { ERROR } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';
import { TextField } from './fields';
import { ENDPOINT, focusFirstInvalid, hasFieldErrors, requireAccount, serverErrors, type FormErrors, type LoginResult } from './form';
import styles from './LoginFlow.module.css';

type Field = 'account' | 'password';
const ORDER: readonly Field[] = ['account', 'password'];

interface Props {
  t: ClientT;
  account: string;
  onAccountChange: (account: string) => void;
  /** Resolves once the flow has taken over (next step or next page); the form stays busy until then. */
  onLoggedIn: (result: LoginResult) => Promise<void>;
}

/**
 * Account-and-password sign-in (§5 password mode). Before the island hydrates, the same form posts to the page,
 * which signs in on the server (login.astro's fallback), so the button is never held back waiting for JavaScript.
 */
export function PasswordForm({ t, account, onAccountChange, onLoggedIn }: Props) {
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const refs = { account: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  const show = (next: FormErrors<Field>) => {
    setErrors(next);
    focusFirstInvalid(ORDER, next, refs);
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const invalid: FormErrors<Field> = { account: requireAccount(account, t), password: password ? undefined : t('login.passwordRequired') };
    if (hasFieldErrors(invalid)) return show(invalid);
    setErrors({});
    setSubmitting(true);
    try {
      const result = await api.post<LoginResult>(ENDPOINT.loginByPassword, { account: account.trim(), password }, { silent: true });
      if (result) await onLoggedIn(result);
    } catch (error) {
      const next = serverErrors(error, ORDER, t);
      // Wrong credentials come back as 300068 on the password, worded the same for an unknown account, so the
      // answer tells nothing about which accounts exist; we say it in our own words.
      if (error instanceof ApiError && error.code === ERROR.fieldInvalid && next.password) next.password = t('login.failed');
      show(next);
    }
    setSubmitting(false);
  }

  return (
    <form className={styles.form} method="post" noValidate onSubmit={onSubmit}>
      <TextField
        label={t('login.account')}
        name="account"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={account}
        onValueChange={(value) => {
          onAccountChange(value);
          if (errors.account) setErrors({ ...errors, account: undefined });
        }}
        error={errors.account}
        inputRef={refs.account}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          if (errors.password) setErrors({ ...errors, password: undefined });
        }}
        error={errors.password}
        inputRef={refs.password}
      />
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <button type="submit" className={`btn btn-primary btn-lg ${styles.submit}`} disabled={submitting}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
