import { useState } from 'react';
import { identityApi } from '../../lib/api/identity';
import { CODE_TYPE } from '../../lib/contracts/identity-rules';
import { checkCode, checkPasswordPair, FormSubmit, formStyles, PasswordPair, STAY_BUSY, useForm, usePasswordPair } from '../shared/forms';
import { AccountCodeFields } from './fields';
import { requireAccount, type FlowFormProps } from './form';

const PAIR = { password: 'password', confirm: 'confirm' } as const;

interface Props extends FlowFormProps {
  /** The password is reset (every session of the account ended): back to sign-in with the account filled in. */
  onDone: () => void;
}

/** Reset a forgotten password with a code of type 4 (docs/product/identity.md#calls /authcenter/mp/uc/login/reset). */
export function ResetPasswordForm({ t, account, onAccountChange, onDone, ready }: Props) {
  const [code, setCode] = useState('');
  const pair = usePasswordPair();
  const form = useForm({
    order: ['account', 'code', 'password', 'confirm'],
    t,
    ready,
    validate: () => ({ account: requireAccount(account, t), code: checkCode(code, t), ...checkPasswordPair(pair, PAIR, t) }),
    submit: async () => {
      await identityApi.resetPassword(account.trim(), code.trim(), pair.password);
      onDone();
      return STAY_BUSY;
    },
  });

  return (
    <form className={formStyles.form} method="post" noValidate onSubmit={form.onSubmit}>
      <AccountCodeFields t={t} form={form} account={account} onAccountChange={onAccountChange} type={CODE_TYPE.updatePassword} code={code} onCodeChange={setCode} ready={ready} />
      <PasswordPair t={t} form={form} pair={pair} fields={PAIR} labels={{ password: t('login.reset.password'), confirm: t('login.reset.confirmPassword') }} />
      <FormSubmit error={form.errors.form} busy={form.submitting} ready={ready} label={t('login.reset.submit')} busyLabel={t('login.reset.submitting')} />
    </form>
  );
}
