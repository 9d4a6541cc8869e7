import { useId } from 'react';
import { MEASURE_UNITS } from '../../lib/constants';
import type { ClientT } from '../../lib/i18n/client';
import { controlId, PRICE_FIELDS, sanitizeFor, type EditorField, type EditorOption, type FormValue } from '../../lib/material-editor';
import { formStyles } from '../shared/forms';
import styles from './MaterialEditor.module.css';

interface Props {
  field: EditorField;
  required: boolean;
  value: FormValue | undefined;
  options: EditorOption[];
  currency: string;
  error: string | undefined;
  t: ClientT;
  onChange: (value: FormValue) => void;
}

const UNIT_OPTIONS = Object.entries(MEASURE_UNITS).map(([value, label]) => ({ value: Number(value), label }));

/** One attribute of the template, drawn by its input type (docs/product/material-editor.md#field-rules). */
export function AttrField({ field, required, value, options, currency, error, t, onChange }: Props) {
  const path = `attrs.${field.fieldCode}`;
  const id = controlId(path);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const legendId = useId();
  const text = typeof value === 'string' ? value : '';
  const counter = field.inputType === 'text' && field.maxLength !== undefined;
  const describedBy = [counter ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = { id, 'aria-invalid': error ? (true as const) : undefined, 'aria-describedby': describedBy, 'aria-required': required || undefined };
  const label = (
    <>
      {field.title}
      {required && (
        <span className={styles.required} aria-hidden="true">
          {' *'}
        </span>
      )}
      {required && <span className="sr-only">{` (${t('editor.required')})`}</span>}
    </>
  );
  const errorLine = error ? (
    <p id={errorId} className={formStyles.error}>
      {error}
    </p>
  ) : null;

  if (field.inputType === 'radio' || field.inputType === 'multiSelect') {
    const chosen = field.inputType === 'radio' ? [text] : Array.isArray(value) ? value : [];
    const toggle = (item: string, on: boolean) => onChange(field.inputType === 'radio' ? item : on ? [...chosen, item] : chosen.filter((v) => v !== item));
    return (
      <fieldset className={styles.choiceGroup} aria-describedby={error ? errorId : undefined} aria-labelledby={legendId} id={`${id}-group`}>
        <legend id={legendId}>{label}</legend>
        <div className={styles.choices}>
          {options.map((o, i) => (
            <label key={o.value} className={styles.choice}>
              <input
                {...(i === 0 ? { id } : {})}
                type={field.inputType === 'radio' ? 'radio' : 'checkbox'}
                name={path}
                value={o.value}
                checked={chosen.includes(o.value)}
                aria-invalid={error ? true : undefined}
                onChange={(e) => toggle(o.value, e.target.checked)}
              />
              {o.label}
            </label>
          ))}
        </div>
        {errorLine}
      </fieldset>
    );
  }

  let control;
  if (field.inputType === 'select' || field.inputType === 'address') {
    control = (
      <select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('editor.none')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  } else if (field.inputType === 'numberGroup') {
    const group = value && typeof value === 'object' && !Array.isArray(value) ? value : { value: '', unit: 5 };
    control = (
      <div className={styles.group}>
        <input {...common} inputMode="decimal" autoComplete="off" value={group.value} onChange={(e) => onChange({ ...group, value: sanitizeFor(field, e.target.value) })} />
        <select aria-label={`${field.title} ${t('editor.unit')}`} value={group.unit} onChange={(e) => onChange({ ...group, unit: Number(e.target.value) })}>
          {UNIT_OPTIONS.map((u) => (
            <option key={u.value} value={u.value}>
              {u.label}
            </option>
          ))}
        </select>
      </div>
    );
  } else if (field.inputType === 'number') {
    const input = <input {...common} inputMode={field.type === 'integer' ? 'numeric' : 'decimal'} autoComplete="off" value={text} onChange={(e) => onChange(sanitizeFor(field, e.target.value))} />;
    control = PRICE_FIELDS.includes(field.fieldCode) ? (
      <div className={styles.group}>
        <span className={styles.currency} aria-hidden="true">
          {currency}
        </span>
        {input}
      </div>
    ) : (
      input
    );
  } else {
    control = <input {...common} autoComplete="off" value={text} onChange={(e) => onChange(e.target.value)} />;
  }

  return (
    <div className={formStyles.field}>
      <label htmlFor={id}>
        {label}
        {PRICE_FIELDS.includes(field.fieldCode) && <span className="sr-only">{` (${currency})`}</span>}
      </label>
      {control}
      {counter && (
        <p id={hintId} className={[formStyles.hint, [...text].length > field.maxLength! ? styles.over : ''].join(' ')} aria-live="polite">
          {t('editor.counter', { count: [...text].length, max: field.maxLength! })}
        </p>
      )}
      {errorLine}
    </div>
  );
}
