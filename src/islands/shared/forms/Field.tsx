import { useId, type InputHTMLAttributes, type ReactNode, type RefObject, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import styles from './forms.module.css';
import type { FormController } from './useForm';

export interface FieldAria {
  id: string;
  errorId: string;
  /** Spread on the control: its id for the label, and its ties to the hint and the error. */
  control: { id: string; 'aria-invalid': true | undefined; 'aria-describedby': string | undefined };
}

/** Ids that tie a control to its hint and its error; the hint is read first, the rule before what broke it. */
export function useFieldAria(error: string | undefined, hint?: string): FieldAria {
  const id = useId();
  const errorId = `${id}-error`;
  const describedBy = [hint ? `${id}-hint` : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return { id, errorId, control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } };
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className={styles.error}>
      {error}
    </p>
  );
}

interface ShellProps {
  label: string;
  error?: string | undefined;
  /** Always-visible help under the control (e.g. the password length), read after the label. */
  hint?: string | undefined;
  /** Controls that sit beside the input (the send-code button). */
  addon?: ReactNode;
  /** Under the control, after the error: a status line that belongs to this field. */
  footer?: ReactNode;
  children: (aria: FieldAria) => ReactNode;
}

function FieldShell({ label, error, hint, addon, footer, children }: ShellProps) {
  const aria = useFieldAria(error, hint);
  const control = children(aria);
  return (
    <div className={styles.field}>
      <label htmlFor={aria.id}>{label}</label>
      {addon ? (
        <div className={styles.inputRow}>
          {control}
          {addon}
        </div>
      ) : (
        control
      )}
      {hint && (
        <p id={`${aria.id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      <FieldError id={aria.errorId} error={error} />
      {footer}
    </div>
  );
}

type Managed = 'id' | 'value' | 'onChange' | 'ref' | 'aria-invalid' | 'aria-describedby';

interface ValueProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

interface TextFieldProps extends ValueProps, Omit<InputHTMLAttributes<HTMLInputElement>, Managed> {
  inputRef?: RefObject<HTMLInputElement | null>;
  addon?: ReactNode;
  footer?: ReactNode;
}

/** A labelled input with its hint and its error, tied together with aria-describedby. */
export function TextField({ label, value, onValueChange, error, hint, inputRef, addon, footer, ...input }: TextFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} addon={addon} footer={footer}>
      {(aria) => <input ref={inputRef} {...aria.control} value={value} onChange={(e) => onValueChange(e.target.value)} {...input} />}
    </FieldShell>
  );
}

interface AccountFieldProps {
  label: string;
  form: FormController<'account'>;
  value: string;
  onValueChange: (value: string) => void;
  /** `username` where the account signs in; `off` where it is a new address being added. */
  autoComplete: 'username' | 'off';
}

/** A mobile number or an e-mail address: browsers must not capitalise or "correct" it. */
export function AccountField({ label, form, value, onValueChange, autoComplete }: AccountFieldProps) {
  return (
    <TextField
      label={label}
      name="account"
      type="text"
      autoComplete={autoComplete}
      autoCapitalize="none"
      spellCheck={false}
      required
      value={value}
      onValueChange={form.edit('account', onValueChange)}
      {...form.bind('account')}
    />
  );
}

interface TextAreaFieldProps extends ValueProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Managed> {
  inputRef?: RefObject<HTMLTextAreaElement | null>;
}

export function TextAreaField({ label, value, onValueChange, error, hint, inputRef, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(aria) => <textarea ref={inputRef} {...aria.control} value={value} onChange={(e) => onValueChange(e.target.value)} {...textarea} />}
    </FieldShell>
  );
}

interface SelectFieldProps extends ValueProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, Managed> {
  selectRef?: RefObject<HTMLSelectElement | null>;
  children: ReactNode;
}

export function SelectField({ label, value, onValueChange, error, hint, selectRef, children, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint}>
      {(aria) => (
        <select ref={selectRef} {...aria.control} value={value} onChange={(e) => onValueChange(e.target.value)} {...select}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

interface CheckboxFieldProps {
  name: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  error?: string | undefined;
  inputRef?: RefObject<HTMLInputElement | null>;
  /** The label's content: it may hold links, so it is not a plain string. */
  children: ReactNode;
}

/** A checkbox with its label beside it and its error under the label. */
export function CheckboxField({ name, checked, onCheckedChange, error, inputRef, children }: CheckboxFieldProps) {
  const aria = useFieldAria(error);
  return (
    <div className={styles.checkbox}>
      <input ref={inputRef} {...aria.control} type="checkbox" name={name} checked={checked} onChange={(e) => onCheckedChange(e.target.checked)} />
      <label htmlFor={aria.id}>{children}</label>
      <FieldError id={aria.errorId} error={error} />
    </div>
  );
}

/** What went wrong for the whole form (network, rate limit, server), announced when it appears. */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className={styles.formError}>
      {message}
    </p>
  );
}

/**
 * A status line that is always in the page, so its text is announced when it arrives; `className` is its look
 * while it has something to say.
 */
export function LiveStatus({ message, className }: { message: string; className: string | undefined }) {
  return (
    <p role="status" className={message ? className : 'sr-only'}>
      {message}
    </p>
  );
}

/** What the form just did. */
export function FormStatus({ message }: { message: string }) {
  return <LiveStatus message={message} className={styles.success} />;
}

interface FormSubmitProps {
  error: string | undefined;
  busy: boolean;
  label: string;
  busyLabel: string;
  /** False until the island has hydrated. */
  ready?: boolean;
  /** Replaces the primary look (e.g. a destructive action). */
  className?: string;
}

/** The end of every form: its form-level error, then the full-width submit button that says when it is busy. */
export function FormSubmit({ error, busy, label, busyLabel, ready = true, className = 'btn-primary' }: FormSubmitProps) {
  return (
    <>
      <FormError message={error} />
      <button type="submit" className={`btn ${className} btn-lg ${styles.submit}`} disabled={!ready || busy}>
        {busy ? busyLabel : label}
      </button>
    </>
  );
}

export { styles as formStyles };
