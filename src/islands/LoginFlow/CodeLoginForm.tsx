import { useState } from 'react';
import { identityApi } from '../../lib/api/identity';
import { CODE_TYPE } from '../../lib/contracts/identity-rules';
import { checkCode, FormSubmit, formStyles, useForm } from '../shared/forms';
import { AccountCodeFields } from './fields';
import { requireAccount, type SignInFormProps } from './form';

/** Sign-in with a one-time code (docs/product/identity.md#rules code mode): the code is sent to the account (type 2, login). */
export function CodeLoginForm({ t, account, onAccountChange, onLoggedIn, ready }: SignInFormProps) {
  const [code, setCode] = useState('');
  const form = useForm({
    order: ['account', 'code'],
    t,
    ready,
    validate: () => ({ account: requireAccount(account, t), code: checkCode(code, t) }),
    submit: async () => {
      const result = await identityApi.loginByCode(account.trim(), code.trim());
      if (result) await onLoggedIn(result);
    },
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={form.onSubmit}>
      <AccountCodeFields t={t} form={form} account={account} onAccountChange={onAccountChange} type={CODE_TYPE.login} code={code} onCodeChange={setCode} ready={ready} />
      <FormSubmit error={form.errors.form} busy={form.submitting} ready={ready} label={t('login.submit')} busyLabel={t('login.submitting')} />
    </form>
  );
}
