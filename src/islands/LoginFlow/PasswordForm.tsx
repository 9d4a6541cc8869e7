import { useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { identityApi } from '../../lib/api/identity';
import { ERROR } from '../../lib/errors';
import { CurrentPasswordField, FormSubmit, formStyles, useForm } from '../shared/forms';
import { AccountField } from './fields';
import { requireAccount, type SignInFormProps } from './form';

/** No `ready`: this form works before hydration too (see below). */
type Props = Omit<SignInFormProps, 'ready'>;

/**
 * Account-and-password sign-in (docs/product/identity.md#rules password mode). Before the island hydrates, the same form posts to the page,
 * which signs in on the server (login.astro's fallback), so the button is never held back waiting for JavaScript.
 */
export function PasswordForm({ t, account, onAccountChange, onLoggedIn }: Props) {
  const [password, setPassword] = useState('');
  const form = useForm({
    order: ['account', 'password'],
    t,
    validate: () => ({ account: requireAccount(account, t), password: password ? undefined : t('login.passwordRequired') }),
    submit: async () => {
      const result = await identityApi.loginByPassword(account.trim(), password);
      if (result) await onLoggedIn(result);
    },
    // Wrong credentials come back as 300068 on the password, worded the same for an unknown account, so the
    // answer tells nothing about which accounts exist; we say it in our own words.
    adjustErrors: (error, next) => (error instanceof ApiError && error.code === ERROR.fieldInvalid && next.password ? { ...next, password: t('login.failed') } : next),
  });

  return (
    <form className={formStyles.form} method="post" noValidate onSubmit={form.onSubmit}>
      <AccountField t={t} form={form} account={account} onAccountChange={onAccountChange} />
      <CurrentPasswordField label={t('login.password')} form={form} field="password" value={password} onValueChange={setPassword} />
      <FormSubmit error={form.errors.form} busy={form.submitting} label={t('login.submit')} busyLabel={t('login.submitting')} />
    </form>
  );
}
