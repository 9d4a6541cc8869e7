import { useState, type ReactNode } from 'react';
import { identityApi } from '../../lib/api/identity';
import { CODE_TYPE } from '../../lib/contracts/identity-rules';
import { isBuilt } from '../../lib/routes';
import { CheckboxField, checkCode, checkPasswordPair, FieldError, FormSubmit, formStyles, PasswordPair, TextField, useFieldAria, useForm, usePasswordPair } from '../shared/forms';
import { AccountCodeFields } from './fields';
import { requireAccount, type SignInFormProps } from './form';
import styles from './LoginFlow.module.css';
import { POLICY_LINK_ATTRIBUTE } from '../PolicyDialogs/PolicyDialogs';

const PAIR = { password: 'password', confirm: 'confirm' } as const;
/** docs/product/README.md#users user types a person can register as. */
const USER_TYPE = { buyer: 1, supplier: 2 } as const;
type UserType = (typeof USER_TYPE)[keyof typeof USER_TYPE];

const LICENSE_MARK = '\u0001';
const PRIVACY_MARK = '\u0002';

const POLICY = { license: '/policy/license', privacy: '/policy/privacy' } as const;

/**
 * A policy named in the agreement: it opens in the page's policy dialog (PolicyDialogs), or its page in a new tab
 * where the page has no dialog for it; just its name while its page does not exist.
 */
function PolicyLink({ href, label, newTab }: { href: string; label: string; newTab: ReactNode }) {
  if (!isBuilt(href)) return <>{label}</>;
  return (
    <a href={href} target="_blank" rel="noopener" {...{ [POLICY_LINK_ATTRIBUTE]: href.slice('/policy/'.length) }}>
      {label}
      {newTab}
    </a>
  );
}

/**
 * Register (docs/product/README.md#users, docs/product/identity.md#calls register/{version}) with a code of type 3; the new account is signed in straight away, so the
 * flow goes on as after any login.
 */
export function RegisterForm({ t, account, onAccountChange, onLoggedIn, ready }: SignInFormProps) {
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const pair = usePasswordPair();
  const [userType, setUserType] = useState<UserType>(USER_TYPE.buyer);
  const [agreed, setAgreed] = useState(false);
  const form = useForm({
    order: ['account', 'code', 'name', 'password', 'confirm', 'userType', 'agreement'],
    t,
    ready,
    validate: () => ({
      account: requireAccount(account, t),
      code: checkCode(code, t),
      name: name.trim() ? undefined : t('register.nameRequired'),
      ...checkPasswordPair(pair, PAIR, t),
      agreement: agreed ? undefined : t('register.agreementRequired'),
    }),
    submit: async () => {
      const result = await identityApi.register({ account: account.trim(), code: code.trim(), password: pair.password, name: name.trim(), userType });
      if (result) await onLoggedIn(result);
    },
  });
  const userTypeAria = useFieldAria(form.errors.userType);

  const newTab = <span className="sr-only">{t('register.newTab')}</span>;
  // The sentence's word order is the translation's: the links go where its {{license}} and {{privacy}} stand.
  const agreementParts = t('register.agreement', { license: LICENSE_MARK, privacy: PRIVACY_MARK }).split(/(\u0001|\u0002)/);

  return (
    <form className={formStyles.form} method="post" noValidate onSubmit={form.onSubmit}>
      <AccountCodeFields t={t} form={form} account={account} onAccountChange={onAccountChange} type={CODE_TYPE.register} code={code} onCodeChange={setCode} ready={ready} />
      <TextField
        label={t('register.name')}
        name="name"
        type="text"
        autoComplete="name"
        required
        maxLength={40}
        value={name}
        onValueChange={form.edit('name', setName)}
        {...form.bind('name')}
      />
      <PasswordPair t={t} form={form} pair={pair} fields={PAIR} labels={{ password: t('register.password'), confirm: t('register.confirmPassword') }} />
      <fieldset className={styles.choice} aria-describedby={userTypeAria.control['aria-describedby']}>
        <legend>{t('register.userType')}</legend>
        <div className={styles.choiceOptions}>
          {(['buyer', 'supplier'] as const).map((key) => (
            <label key={key} className={styles.option}>
              <input
                ref={key === 'buyer' ? form.ref('userType') : undefined}
                type="radio"
                name="userType"
                value={USER_TYPE[key]}
                checked={userType === USER_TYPE[key]}
                onChange={() => {
                  setUserType(USER_TYPE[key]);
                  form.clear('userType');
                }}
              />
              <span>
                <span className={styles.optionTitle}>{t(`register.${key}`)}</span>
                <span className={styles.optionHint}>{t(`register.${key}Hint`)}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={userTypeAria.errorId} error={form.errors.userType} />
      </fieldset>
      <CheckboxField name="agreement" checked={agreed} onCheckedChange={form.edit('agreement', setAgreed)} {...form.bind('agreement')}>
        {agreementParts.map((part, index) =>
          part === LICENSE_MARK ? (
            <PolicyLink key={index} href={POLICY.license} label={t('register.license')} newTab={newTab} />
          ) : part === PRIVACY_MARK ? (
            <PolicyLink key={index} href={POLICY.privacy} label={t('register.privacy')} newTab={newTab} />
          ) : (
            part
          ),
        )}
      </CheckboxField>
      <FormSubmit error={form.errors.form} busy={form.submitting} ready={ready} label={t('register.submit')} busyLabel={t('register.submitting')} />
    </form>
  );
}
