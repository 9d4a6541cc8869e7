import { useState } from 'react';
import { useHydrated } from '../shared/useHydrated';
import { ApiError } from '../../lib/api/client';
import { identityApi } from '../../lib/api/identity';
import { CODE_TYPE } from '../../lib/contracts/identity-rules';
import { ERROR } from '../../lib/errors';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { FROZEN_PATH } from '../../lib/routes';
import { CheckboxField, checkCode, CodeField, FormSubmit, formStyles, STAY_BUSY, TextAreaField, useForm } from '../shared/forms';
import styles from './Logoff.module.css';

/** docs/product/identity.md#calls user center: freezes the account until the request is withdrawn or the grace period ends. */
/** The contract's limit on the reason (requestRemovalSchema); the contract module itself would ship zod. */
const REASON_MAX = 200;

interface Props {
  /** The `logoff`, `login` (the shared form wording) and `errors` slices of the page language's messages. */
  messages: Dict;
  /** The signed-in account: the removal code goes there and nowhere else, so it is not an input. */
  account: string;
}

/** The removal request (docs/product/identity.md#states account removal): a removal code (type 6), an optional reason and an explicit yes. */
export default function Logoff({ messages, account }: Props) {
  const t = createClientT(messages);
  const ready = useHydrated();
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [confirmed, setConfirmed] = useState(false);
  const form = useForm({
    order: ['code', 'reason', 'confirm'],
    t,
    ready,
    validate: () => ({ code: checkCode(code, t), confirm: confirmed ? undefined : t('logoff.confirmRequired') }),
    submit: async () => {
      try {
        await identityApi.requestRemoval(code.trim(), reason.trim() || undefined);
      } catch (error) {
        // Already pending (another tab got there first): the frozen page is where that request is seen to.
        if (!(error instanceof ApiError && error.code === ERROR.conflict)) throw error;
      }
      location.assign(FROZEN_PATH);
      return STAY_BUSY;
    },
  });

  return (
    <form className={formStyles.form} noValidate onSubmit={form.onSubmit}>
      <p className={styles.target}>{t('logoff.codeTarget', { account })}</p>
      <CodeField
        t={t}
        form={form}
        type={CODE_TYPE.removeAccount}
        account={account}
        // The account is the session's, not typed here: whatever the server says about it concerns the whole form.
        onAccountError={(message) => form.show({ form: message })}
        value={code}
        onValueChange={setCode}
        ready={ready}
      />
      <TextAreaField
        label={t('logoff.reason')}
        name="reason"
        rows={4}
        maxLength={REASON_MAX}
        hint={t('logoff.reasonCount', { count: reason.length, max: REASON_MAX })}
        value={reason}
        onValueChange={form.edit('reason', setReason)}
        error={form.errors.reason}
        inputRef={form.ref<HTMLTextAreaElement>('reason')}
      />
      <CheckboxField name="confirm" checked={confirmed} onCheckedChange={form.edit('confirm', setConfirmed)} {...form.bind('confirm')}>
        {t('logoff.confirm')}
      </CheckboxField>
      <FormSubmit error={form.errors.form} busy={form.submitting} ready={ready} className={styles.danger} label={t('logoff.submit')} busyLabel={t('logoff.submitting')} />
    </form>
  );
}
