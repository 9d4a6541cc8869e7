import { useId, useRef, useState, type SubmitEvent } from 'react';
import { api } from '../../lib/api/client';
import { CODE_TYPE, PASSWORD_MAX, PASSWORD_MIN } from '../../lib/contracts/identity-constants';
import type { ClientT } from '../../lib/i18n/client';
import { CodeField, TextField } from './fields';
import {
  checkCode,
  checkConfirm,
  checkNewPassword,
  ENDPOINT,
  focusFirstInvalid,
  hasFieldErrors,
  requireAccount,
  serverErrors,
  type FormErrors,
  type LoginResult,
} from './form';
import styles from './LoginFlow.module.css';

type Field = 'account' | 'code' | 'name' | 'password' | 'confirm' | 'userType' | 'agreement';
const ORDER: readonly Field[] = ['account', 'code', 'name', 'password', 'confirm', 'userType', 'agreement'];
/** §1 user types a person can register as. */
const USER_TYPE = { buyer: 1, supplier: 2 } as const;
type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

const LICENSE_MARK = '\u0001';
const PRIVACY_MARK = '\u0002';

export const POLICY = { license: '/policy/license', privacy: '/policy/privacy' } as const;

interface Props {
  t: ClientT;
  account: string;
  onAccountChange: (account: string) => void;
  /** Registering signs the new user in: the flow goes on as after any login. */
  onLoggedIn: (result: LoginResult) => Promise<void>;
  ready: boolean;
}

/** Register (§1, §7 register/{version}) with a code of type 3; the new account is signed in straight away. */
export function RegisterForm({ t, account, onAccountChange, onLoggedIn, ready }: Props) {
  const id = useId();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [userType, setUserType] = useState<UserType>(USER_TYPE.buyer);
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [submitting, setSubmitting] = useState(false);
  const refs = {
    account: useRef<HTMLInputElement>(null),
    code: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
    confirm: useRef<HTMLInputElement>(null),
    userType: useRef<HTMLInputElement>(null),
    agreement: useRef<HTMLInputElement>(null),
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
      name: name.trim() ? undefined : t('register.nameRequired'),
      password: checkNewPassword(password, t),
      confirm: checkConfirm(password, confirm, t),
      agreement: agreed ? undefined : t('register.agreementRequired'),
    };
    if (hasFieldErrors(invalid)) return show(invalid);
    setErrors({});
    setSubmitting(true);
    try {
      const body = { account: account.trim(), code: code.trim(), password, name: name.trim(), userType };
      const result = await api.post<LoginResult>(ENDPOINT.register, body, { silent: true });
      if (result) await onLoggedIn(result);
    } catch (error) {
      show(serverErrors(error, ORDER, t));
    }
    setSubmitting(false);
  }

  const agreementError = `${id}-agreement-error`;
  const userTypeError = `${id}-user-type-error`;
  const newTab = <span className="sr-only">{t('register.newTab')}</span>;
  // The sentence's word order is the translation's: the links go where its {{license}} and {{privacy}} stand.
  const agreementParts = t('register.agreement', { license: LICENSE_MARK, privacy: PRIVACY_MARK }).split(/(\u0001|\u0002)/);

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
        type={CODE_TYPE.register}
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
        label={t('register.name')}
        name="name"
        type="text"
        autoComplete="name"
        required
        maxLength={40}
        value={name}
        onValueChange={(value) => {
          setName(value);
          clear('name');
        }}
        error={errors.name}
        inputRef={refs.name}
      />
      <TextField
        label={t('register.password')}
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
        label={t('register.confirmPassword')}
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
      <fieldset className={styles.choice} aria-describedby={errors.userType ? userTypeError : undefined}>
        <legend>{t('register.userType')}</legend>
        <div className={styles.choiceOptions}>
          {(['buyer', 'supplier'] as const).map((key) => (
            <label key={key} className={styles.option}>
              <input
                ref={key === 'buyer' ? refs.userType : undefined}
                type="radio"
                name="userType"
                value={USER_TYPE[key]}
                checked={userType === USER_TYPE[key]}
                onChange={() => {
                  setUserType(USER_TYPE[key]);
                  clear('userType');
                }}
              />
              <span>
                <span className={styles.optionTitle}>{t(`register.${key}`)}</span>
                <span className={styles.optionHint}>{t(`register.${key}Hint`)}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.userType && (
          <p id={userTypeError} className={styles.error}>
            {errors.userType}
          </p>
        )}
      </fieldset>
      <div className={styles.agreement}>
        <input
          ref={refs.agreement}
          id={`${id}-agreement`}
          type="checkbox"
          name="agreement"
          checked={agreed}
          aria-invalid={errors.agreement ? true : undefined}
          aria-describedby={errors.agreement ? agreementError : undefined}
          onChange={(e) => {
            setAgreed(e.target.checked);
            clear('agreement');
          }}
        />
        <label htmlFor={`${id}-agreement`}>
          {agreementParts.map((part, index) =>
            part === LICENSE_MARK ? (
              <a key={index} href={POLICY.license} target="_blank" rel="noopener">
                {t('register.license')}
                {newTab}
              </a>
            ) : part === PRIVACY_MARK ? (
              <a key={index} href={POLICY.privacy} target="_blank" rel="noopener">
                {t('register.privacy')}
                {newTab}
              </a>
            ) : (
              part
            ),
          )}
        </label>
        {errors.agreement && (
          <p id={agreementError} className={styles.error}>
            {errors.agreement}
          </p>
        )}
      </div>
      {errors.form && (
        <p role="alert" className={styles.formError}>
          {errors.form}
        </p>
      )}
      <button type="submit" className={`btn btn-primary btn-lg ${styles.submit}`} disabled={!ready || submitting}>
        {submitting ? t('register.submitting') : t('register.submit')}
      </button>
    </form>
  );
}
