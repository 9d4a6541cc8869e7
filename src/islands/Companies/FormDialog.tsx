import type { ReactNode, RefObject } from 'react';
import type { ClientT } from '../../lib/i18n/client';
import { DialogActions } from '../shared/ConfirmDialog';
import { formStyles, TextField, type FormController } from '../shared/forms';
import { Modal } from '../shared/Modal';

interface FormDialogProps<F extends string> {
  t: ClientT;
  title: string;
  /** For forms with check lists side by side. */
  wide?: boolean;
  form: FormController<F>;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
  /** The words of the submit button when it does more than save (adding a member). */
  submit?: { label: string; busyLabel: string };
  /** What shows above the buttons, when more than the form-level error lands there. */
  error?: string | undefined;
  children: ReactNode;
}

/** The dialog every company editor opens: its fields, then Cancel and Save. */
export function FormDialog<F extends string>({ t, title, wide, form, onClose, returnFocus, submit, error = form.errors.form, children }: FormDialogProps<F>) {
  return (
    <Modal title={title} wide={wide} onClose={onClose} fallbackFocus={returnFocus}>
      <form className={formStyles.form} noValidate onSubmit={form.onSubmit}>
        {children}
        <DialogActions
          cancelLabel={t('companies.common.cancel')}
          error={error}
          busy={form.submitting}
          label={submit?.label ?? t('companies.common.save')}
          busyLabel={submit?.busyLabel ?? t('companies.common.saving')}
          onCancel={onClose}
        />
      </form>
    </Modal>
  );
}

type Words = (key: string, vars?: Record<string, string | number>) => string;

/** A role's or a department's name is required and has a length limit; `words` reads the editor's own messages. */
export function nameProblem(name: string, max: number, words: Words): string | undefined {
  const value = name.trim();
  if (!value) return words('nameRequired');
  return value.length > max ? words('nameTooLong', { max }) : undefined;
}

interface NameFieldProps {
  label: string;
  hint: string;
  max: number;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
  inputRef: RefObject<HTMLInputElement | null>;
}

export function NameField({ max, ...field }: NameFieldProps) {
  return <TextField {...field} name="name" required autoComplete="off" maxLength={max} />;
}
