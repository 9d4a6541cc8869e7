import { useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api/client';
import { CODE_TYPE } from '../../lib/contracts/identity-constants';
import type { ClientT } from '../../lib/i18n/client';
import { CodeField, TextField } from './fields';
import { checkCode, ENDPOINT, focusFirstInvalid, hasFieldErrors, requireAccount, serverErrors, type FormErrors, type LoginResult } from './form';
import styles from './LoginFlow.module.css';

type Field = 'account' | 'code';
const ORDER: readonly Field[] = ['account', 'code'];

interface Props {
  t: ClientT;
  account: string;
  onAccountChange: (account: string) => void;
  onLoggedIn: (result: LoginResult) => Promise<void>;
  ready: boolean;
}

/** Sign-in with a one-time code (§5 code mode): the code is sent to the account (type 2, login). */
export function CodeLoginForm({ t, account, onAccountChange, onLoggedIn, ready }: Props) {
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const refs = { account: useRef<HTMLInputElement>(null), code: useRef<HTMLInputElement>(null) };

  const show = (next: FormErrors<Field>) => {
    setErrors(next);
    focusFirstInvalid(ORDER, next, refs);
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !ready) return;
    const invalid: FormErrors<Field> = { account: requireAccount(account, t), code: checkCode(code, t) };
    if (hasFieldErrors(invalid)) return show(invalid);
    setErrors({});
    setSubmitting(true);
    try {
      const result = await api.post<LoginResult>(ENDPOINT.loginByCode, { account: account.trim(), code: code.trim() }, { silent: true });
      if (result) await onLoggedIn(result);
    } catch (error) {
      show(serverErrors(error, ORDER, t));
    }
    setSubmitting(false);
  }

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
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
      <CodeField
        t={t}
        type={CODE_TYPE.login}
        account={account}
        onAccountError={(message) => show({ account: message })}
        value={code}
        onValueChange={(value) => {
          setCode(value);
          if (errors.code) setErrors({ ...errors, code: undefined });
        }}
        error={errors.code}
        inputRef={refs.code}
        ready={ready}
      />
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
