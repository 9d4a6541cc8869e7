import { useState } from 'react';
import { api } from '../../lib/api/client';
import { identityApi } from '../../lib/api/identity';
import type { ClientT } from '../../lib/i18n/client';
import { checkPasswordPair, CurrentPasswordField, FormStatus, FormSubmit, formStyles, PasswordPair, useForm, usePasswordPair } from '../shared/forms';
import { Section } from './Section';

/** docs/product/identity.md#calls user center: the server ends every other session and answers with this client's new token. */
/** The server's field names, so its errors (a wrong current password) land under the right input. */
const PAIR = { password: 'newPassword', confirm: 'confirm' } as const;

interface Props {
  t: ClientT;
  ready: boolean;
}

export function ChangePasswordForm({ t, ready }: Props) {
  const [current, setCurrent] = useState('');
  const pair = usePasswordPair();
  const form = useForm({
    order: ['oldPassword', 'newPassword', 'confirm'],
    t,
    ready,
    validate: () => ({ oldPassword: current ? undefined : t('accountSettings.password.currentRequired'), ...checkPasswordPair(pair, PAIR, t) }),
    submit: async () => {
      const result = await identityApi.changePassword(current, pair.password);
      // The answer already set the new cookie; embedded hosts, which send the token themselves, need it too.
      if (result) api.keepToken(result.token);
      setCurrent('');
      pair.reset();
      return { status: t('accountSettings.password.done') };
    },
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={form.onSubmit}>
      <CurrentPasswordField label={t('accountSettings.password.current')} form={form} field="oldPassword" value={current} onValueChange={setCurrent} />
      <PasswordPair t={t} form={form} pair={pair} fields={PAIR} labels={{ password: t('accountSettings.password.new'), confirm: t('accountSettings.password.confirm') }} />
      <FormStatus message={form.status} />
      <FormSubmit error={form.errors.form} busy={form.submitting} ready={ready} label={t('accountSettings.password.submit')} busyLabel={t('accountSettings.password.submitting')} />
    </form>
  );
}

/** The password card, as account settings and the personal center both show it. */
export function PasswordSection({ t, ready }: Props) {
  return (
    <Section title={t('accountSettings.password.title')} intro={t('accountSettings.password.intro')}>
      <ChangePasswordForm t={t} ready={ready} />
    </Section>
  );
}
