import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { api, ApiError, BIND_MOBILE_URL, messageFor } from '../../lib/api/client';
import { LOGIN_VERSION } from '../../lib/constants';
import { ERROR } from '../../lib/errors';
import { createClientT, type ClientT } from '../../lib/i18n/client';
import styles from './LoginForm.module.css';

interface Props {
  /** The `login` and `errors` slices of the page language's messages. */
  messages: { login: Record<string, string>; errors: Record<string, string> };
  /** Already checked by the page with safeRedirect: a same-site path to a known route. */
  redirect: string;
}

interface LoginResult {
  token: string;
  currentCompanyId: number | null;
  isBind: boolean;
}

type Field = 'account' | 'password';
type Errors = Partial<Record<Field | 'form', string>>;

const LOGIN_API = `/idealab-material/passport/login/${LOGIN_VERSION.default}`;

function validate(account: string, password: string, t: ClientT): Errors {
  const errors: Errors = {};
  if (!account.trim()) errors.account = t('login.accountRequired');
  if (!password) errors.password = t('login.passwordRequired');
  return errors;
}

/** Server field errors go under their field; anything else (rate limit, network, server) above the button. */
function serverErrors(error: unknown, t: ClientT): Errors {
  if (!(error instanceof ApiError)) return { form: messageFor(t, ERROR.unknown, undefined) };
  const errors: Errors = {};
  for (const issue of error.fields ?? []) {
    if (issue.field !== 'account' && issue.field !== 'password') continue;
    // The login route answers wrong credentials with 300068 on the password, worded the same for an unknown
    // account, so the user learns nothing about which accounts exist.
    errors[issue.field] ??=
      error.code === ERROR.fieldInvalid && issue.field === 'password' ? t('login.failed') : messageFor(t, error.code, issue.message);
  }
  if (errors.account || errors.password) return errors;
  return { form: messageFor(t, error.code, error.message) };
}

/** Account-and-password sign-in (§4 Login). The other sign-in methods join this page later. */
export default function LoginForm({ messages, redirect }: Props) {
  const t = createClientT(messages);
  const id = useId();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);
  // Until hydration the button stays disabled: a native submit would put the password in a URL.
  const [ready, setReady] = useState(false);
  const accountRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  useEffect(() => setReady(true), []);

  const focusFirstInvalid = (next: Errors) => {
    if (next.account) accountRef.current?.focus();
    else if (next.password) passwordRef.current?.focus();
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const invalid = validate(account, password, t);
    setErrors(invalid);
    if (invalid.account || invalid.password) {
      focusFirstInvalid(invalid);
      return;
    }
    setSubmitting(true);
    try {
      const result = await api.post<LoginResult>(LOGIN_API, { account: account.trim(), password }, { silent: true });
      if (!result) {
        setSubmitting(false);
        return;
      }
      api.keepToken(result.token);
      // §4: an account without a bound mobile number binds one first and the flow stops there.
      // The button stays disabled while the next page loads.
      location.assign(result.isBind ? redirect : BIND_MOBILE_URL);
    } catch (error) {
      const next = serverErrors(error, t);
      setErrors(next);
      setSubmitting(false);
      focusFirstInvalid(next);
    }
  }

  const fieldProps = (field: Field) => ({
    id: `${id}-${field}`,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
  });

  return (
    <form className={styles.form} method="post" noValidate onSubmit={onSubmit}>
      <div className={styles.field}>
        <label htmlFor={`${id}-account`}>{t('login.account')}</label>
        <input
          ref={accountRef}
          {...fieldProps('account')}
          name="account"
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={account}
          onChange={(e) => {
            setAccount(e.target.value);
            if (errors.account) setErrors({ ...errors, account: undefined });
          }}
        />
        {errors.account && (
          <p id={`${id}-account-error`} className={styles.error}>
            {errors.account}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-password`}>{t('login.password')}</label>
        <input
          ref={passwordRef}
          {...fieldProps('password')}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (errors.password) setErrors({ ...errors, password: undefined });
          }}
        />
        {errors.password && (
          <p id={`${id}-password-error`} className={styles.error}>
            {errors.password}
          </p>
        )}
      </div>
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <button type="submit" className={`btn btn-primary btn-lg ${styles.submit}`} disabled={!ready || submitting}>
        {submitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
