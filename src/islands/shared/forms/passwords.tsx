import { useState } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../../lib/contracts/identity-rules';
import type { ClientT } from '../../../lib/i18n/client';
import { checkConfirm, checkNewPassword } from './errors';
import { TextField } from './Field';
import type { FormController } from './useForm';

export interface PasswordPairState {
  password: string;
  confirm: string;
  setPassword: (value: string) => void;
  setConfirm: (value: string) => void;
  reset: () => void;
}

export function usePasswordPair(): PasswordPairState {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  return {
    password,
    confirm,
    setPassword,
    setConfirm,
    reset: () => {
      setPassword('');
      setConfirm('');
    },
  };
}

/** The pair's client checks, keyed by the form's own names for the two fields. */
export function checkPasswordPair<F extends string>(pair: PasswordPairState, fields: { password: F; confirm: F }, t: ClientT): Partial<Record<F, string>> {
  return { [fields.password]: checkNewPassword(pair.password, t), [fields.confirm]: checkConfirm(pair.password, pair.confirm, t) } as Partial<Record<F, string>>;
}

interface Props<F extends string> {
  t: ClientT;
  form: FormController<F>;
  pair: PasswordPairState;
  /** The form's names for the two fields: the server's names, so its field errors land under them. */
  fields: { password: F; confirm: F };
  labels: { password: string; confirm: string };
}

interface CurrentProps<F extends string> {
  label: string;
  form: FormController<F>;
  /** The form's (and the server's) name for it. */
  field: F;
  value: string;
  onValueChange: (value: string) => void;
}

/** The password the user has now: to sign in, or to prove it is them before changing it. */
export function CurrentPasswordField<F extends string>({ label, form, field, value, onValueChange }: CurrentProps<F>) {
  return (
    <TextField
      label={label}
      name={field}
      type="password"
      autoComplete="current-password"
      required
      value={value}
      onValueChange={form.edit(field, onValueChange)}
      {...form.bind(field)}
    />
  );
}

/** A new password with its length rule as a hint, then the same password again. */
export function PasswordPair<F extends string>({ t, form, pair, fields, labels }: Props<F>) {
  return (
    <>
      <TextField
        label={labels.password}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        maxLength={PASSWORD_MAX}
        hint={t('login.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
        value={pair.password}
        onValueChange={form.edit(fields.password, pair.setPassword)}
        {...form.bind(fields.password)}
      />
      <TextField
        label={labels.confirm}
        name="confirm"
        type="password"
        autoComplete="new-password"
        required
        value={pair.confirm}
        onValueChange={form.edit(fields.confirm, pair.setConfirm)}
        {...form.bind(fields.confirm)}
      />
    </>
  );
}
