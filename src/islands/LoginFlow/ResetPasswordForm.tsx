import { useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api/client';
import { CODE_TYPE, PASSWORD_MAX, PASSWORD_MIN } from '../../lib/contracts/identity-constants';
import type { ClientT } from '../../lib/i18n/client';
import { CodeField, TextField } from './fields';
import { checkCode, checkConfirm, checkNewPassword, ENDPOINT, focusFirstInvalid, hasFieldErrors, requireAccount, serverErrors, type FormErrors } from './form';
import styles from './LoginFlow.module.css';

type Field = 'account' | 'code' | 'password' | 'confirm';
const ORDER: readonly Field[] = ['account', 'code', 'password', 'confirm'];

interface Props {
  t: ClientT;
  account: string;
  onAccountChange: (account: string) => void;
  /** The password is reset (every session of the account ended): back to sign-in with the account filled in. */
  onDone: () => void;
  ready: boolean;
}

/** Reset a forgotten password with a code of type 4 (§7 /authcenter/mp/uc/login/reset). */
export function ResetPasswordForm({ t, account, onAccountChange, onDone, ready }: Props) {
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const refs = {
    account: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
  };

  const show = (next: FormErrors<Field>) => {
    setErrors(next);
    focusFirstInvalid(ORDER, next, refs);
  };
  const clear = (field: Field) => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !ready) return;
    const invalid: FormErrors<Field> = {
      account: requireAccount(account, t),
      code: checkCode(code, t),
      password: checkNewPassword(password, t),
      confirm: checkConfirm(password, confirm, t),
    };
    if (hasFieldErrors(invalid)) return show(invalid);
    setErrors({});
    setSubmitting(true);
    try {
      await api.post<null>(ENDPOINT.resetPassword, { account: account.trim(), code: code.trim(), password }, { silent: true });
      onDone();
      return;
    } catch (error) {
      show(serverErrors(error, ORDER, t));
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
          clear('account');
        }}
        error={errors.account}
        inputRef={refs.account}
      />
      <CodeField
        t={t}
        type={CODE_TYPE.updatePassword}
        account={account}
        onAccountError={(message) => show({ account: message })}
        value={code}
        onValueChange={(value) => {
          setCode(value);
          clear('code');
        }}
        error={errors.code}
        inputRef={refs.code}
        ready={ready}
      />
      <TextField
        label={t('login.reset.password')}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={t('login.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        value={password}
        onValueChange={(value) => {
          setPassword(value);
          clear('password');
        }}
        error={errors.password}
        inputRef={refs.password}
      />
      <TextField
        label={t('login.reset.confirmPassword')}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        onValueChange={(value) => {
          setConfirm(value);
          clear('confirm');
        }}
        error={errors.confirm}
        inputRef={refs.confirm}
      />
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <button type="submit" className={`btn btn-primary btn-lg ${styles.submit}`} disabled={!ready || submitting}>
        {submitting ? t('login.reset.submitting') : t('login.reset.submit')}
      </button>
    </form>
  );
}
