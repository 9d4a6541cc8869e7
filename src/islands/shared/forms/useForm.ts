import { createRef, useRef, useState, type RefObject, type SubmitEvent } from 'react';
import type { ClientT } from '../../../lib/i18n/client';
import { hasFieldErrors, serverErrors, type FormErrors } from './errors';

/** `submit` resolves with this when the page is moving on: the button stays busy so nobody submits twice. */
export const STAY_BUSY = 'stay-busy';

interface FormOptions<F extends string> {
  /** The fields in the order they stand in the form: the first invalid one gets the focus. */
  order: readonly F[];
  t: ClientT;
  /** False until the island has hydrated: a submit before then is ignored. */
  ready?: boolean;
  /** The client checks; any field error stops the submit. */
  validate: () => FormErrors<F>;
  /** Resolves with `{ status }` to say what was done: the form stays where it is and says so. */
  submit: () => Promise<void | typeof STAY_BUSY | { status: string }>;
  /** A last say over the server's errors before they show (e.g. rewording wrong credentials). */
  adjustErrors?: (error: unknown, errors: FormErrors<F>) => FormErrors<F>;
}

export interface FormController<F extends string> {
  errors: FormErrors<F>;
  submitting: boolean;
  /** What the last submit did, until the next one; '' otherwise. */
  status: string;
  /** Show errors and move the focus to the first field that has one. */
  show: (next: FormErrors<F>) => void;
  clear: (field: F) => void;
  /** The field's element, for focusing it; created once per field. */
  ref: <E extends HTMLElement = HTMLInputElement>(field: F) => RefObject<E | null>;
  /** What a field component needs to show its error and take the focus. */
  bind: (field: F) => { error: string | undefined; inputRef: RefObject<HTMLInputElement | null> };
  /** An onValueChange that keeps the value and drops the field's error, which no longer applies. */
  edit: <V>(field: F, set: (value: V) => void) => (value: V) => void;
  onSubmit: (event: SubmitEvent<HTMLFormElement>) => Promise<void>;
}

/**
 * The submit cycle every form repeats: check, show errors with the focus on the first, call the server, map its
 * errors onto the fields. The form keeps its values; this keeps errors, busy state and the fields' elements.
 */
export function useForm<F extends string>({ order, t, ready = true, validate, submit, adjustErrors }: FormOptions<F>): FormController<F> {
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [submitting, setSubmitting] = useState(false);
  const [status, setStatus] = useState('');
  const refs = useRef(new Map<F, RefObject<HTMLElement | null>>()).current;

  function ref<E extends HTMLElement = HTMLInputElement>(field: F): RefObject<E | null> {
    let existing = refs.get(field);
    if (!existing) {
      existing = createRef<HTMLElement>();
      refs.set(field, existing);
    }
    // Each field is bound to one kind of element, the one its component renders.
    return existing as RefObject<E | null>;
  }

  const show = (next: FormErrors<F>) => {
    setErrors(next);
    const first = order.find((field) => next[field]);
    if (first) refs.get(first)?.current?.focus();
  };
  const clear = (field: F) => {
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting || !ready) return;
    setStatus('');
    const invalid = validate();
    if (hasFieldErrors(invalid)) return show(invalid);
    setErrors({});
    setSubmitting(true);
    try {
      const outcome = await submit();
      if (outcome === STAY_BUSY) return;
      if (outcome) setStatus(outcome.status);
    } catch (error) {
      const next = serverErrors(error, order, t);
      show(adjustErrors ? adjustErrors(error, next) : next);
    }
    setSubmitting(false);
  }

  return {
    errors,
    submitting,
    status,
    show,
    clear,
    ref,
    bind: (field) => ({ error: errors[field], inputRef: ref(field) }),
    edit: (field, set) => (value) => {
      set(value);
      clear(field);
    },
    onSubmit,
  };
}
