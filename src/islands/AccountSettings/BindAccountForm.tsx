import { useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { identityApi, type BoundAddresses } from '../../lib/api/identity';

export type { BoundAddresses };
import { CODE_TYPE } from '../../lib/contracts/identity-rules';
import { classify } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';
import { AccountField, checkCode, CodeField, FormStatus, FormSubmit, formStyles, useForm } from '../shared/forms';

/** docs/product/identity.md#calls user center: binds the address a bind code (type 5) was sent to. */

interface Props {
  t: ClientT;
  ready: boolean;
  bound: BoundAddresses;
  onBound: (next: BoundAddresses) => void;
}

/** A new mobile number or e-mail address, proven by a code sent to that address (not to the current one). */
export function BindAccountForm({ t, ready, bound, onBound }: Props) {
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');

  function checkAddress(): string | undefined {
    const value = address.trim();
    if (!value) return t('accountSettings.bind.addressRequired');
    const taken = [bound.mobile, bound.email].some((known) => known !== null && known.toLowerCase() === value.toLowerCase());
    return taken ? t('accountSettings.bind.same') : undefined;
  }

  const form = useForm({
    order: ['account', 'code'],
    t,
    ready,
    validate: () => ({ account: checkAddress(), code: checkCode(code, t) }),
    submit: async () => {
      const value = address.trim();
      const next = await identityApi.bindAccount(value, code.trim());
      if (next) onBound(next);
      setAddress('');
      setCode('');
      return { status: t('accountSettings.bind.done', { address: value }) };
    },
    // The user center may not offer this call yet; "page not found" would tell the user nothing.
    adjustErrors: (error, next) => (error instanceof ApiError && classify(error.code) === 'notFound' ? { form: t('accountSettings.bind.unavailable') } : next),
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={form.onSubmit}>
      <AccountField label={t('accountSettings.bind.address')} autoComplete="off" form={form} value={address} onValueChange={setAddress} />
      <CodeField
        t={t}
        form={form}
        type={CODE_TYPE.bindAccount}
        account={address}
        accountRequired={t('accountSettings.bind.addressRequired')}
        onAccountError={(message) => form.show({ account: message })}
        value={code}
        onValueChange={setCode}
        ready={ready}
      />
      <FormStatus message={form.status} />
      <FormSubmit error={form.errors.form} busy={form.submitting} ready={ready} label={t('accountSettings.bind.submit')} busyLabel={t('accountSettings.bind.submitting')} />
    </form>
  );
}
