import { useState } from 'react';
import { identityApi } from '../../lib/api/identity';
import { CODE_TYPE } from '../../lib/contracts/identity-rules';
import type { ClientT } from '../../lib/i18n/client';
import { checkCode, CodeField, FormSubmit, formStyles, STAY_BUSY, TextField, useForm } from '../shared/forms';

// The contract's mobile pattern (identity.ts), repeated so the island does not ship zod; the server checks again.
const MOBILE = /^\+?[0-9]{6,15}$/;

interface Props {
  t: ClientT;
  /** The number is bound: the flow goes on as after any finished login. */
  onBound: () => Promise<void>;
  ready: boolean;
}

function checkMobile(mobile: string, t: ClientT): string | undefined {
  if (!mobile.trim()) return t('login.bind.mobileRequired');
  return MOBILE.test(mobile.trim()) ? undefined : t('login.bind.mobileFormat');
}

/**
 * Bind a mobile number (docs/product/identity.md#states: a login whose answer says isBind false stops here). The user is already signed in; the
 * code (type 5, bind account) goes to the new number, which signs in from then on.
 */
export function BindMobileForm({ t, onBound, ready }: Props) {
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  // The server names the number `account`, so its field errors land under this field.
  const form = useForm({
    order: ['account', 'code'],
    t,
    ready,
    validate: () => ({ account: checkMobile(mobile, t), code: checkCode(code, t) }),
    submit: async () => {
      await identityApi.bindAccount(mobile.trim(), code.trim());
      await onBound();
      // The flow has moved on (next step or next page): the button stays busy meanwhile.
      return STAY_BUSY;
    },
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={form.onSubmit}>
      <TextField
        label={t('login.bind.mobile')}
        name="account"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        maxLength={16}
        value={mobile}
        onValueChange={form.edit('account', setMobile)}
        {...form.bind('account')}
      />
      <CodeField
        t={t}
        form={form}
        type={CODE_TYPE.bindAccount}
        account={mobile}
        onAccountError={(message) => form.show({ account: message })}
        accountRequired={t('login.bind.mobileRequired')}
        value={code}
        onValueChange={setCode}
        ready={ready}
      />
      <FormSubmit error={form.errors.form} busy={form.submitting} ready={ready} label={t('login.bind.submit')} busyLabel={t('login.bind.submitting')} />
    </form>
  );
}
