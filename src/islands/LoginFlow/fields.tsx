import type { CodeType } from '../../lib/contracts/identity-rules';
import { AccountField as AccountInput, CodeField, type FormController } from '../shared/forms';
import type { FlowFormProps } from './form';

interface AccountProps extends Omit<FlowFormProps, 'ready'> {
  form: FormController<'account'>;
}

/** The account every sign-in form starts with: a mobile number or an e-mail address that signs in. */
export function AccountField({ t, form, account, onAccountChange }: AccountProps) {
  return <AccountInput label={t('login.account')} autoComplete="username" form={form} value={account} onValueChange={onAccountChange} />;
}

interface AccountCodeProps extends FlowFormProps {
  form: FormController<'account' | 'code'>;
  /** The code's purpose (docs/product/identity.md#verification-codes): 2 login, 3 register, 4 reset password. */
  type: CodeType;
  code: string;
  onCodeChange: (code: string) => void;
}

/** The account and a code sent to it: code sign-in, register and reset password all begin this way. */
export function AccountCodeFields({ t, form, account, onAccountChange, type, code, onCodeChange, ready }: AccountCodeProps) {
  return (
    <>
      <AccountField t={t} form={form} account={account} onAccountChange={onAccountChange} />
      <CodeField t={t} form={form} type={type} account={account} onAccountError={(message) => form.show({ account: message })} value={code} onValueChange={onCodeChange} ready={ready} />
    </>
  );
}
