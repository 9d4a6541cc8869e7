import { useId, type RefObject } from 'react';
import { formStyles } from '../shared/forms';
import styles from './Companies.module.css';

interface Props<C extends string> {
  legend: string;
  intro?: string;
  /** Every choice in its order; each shows its label and, under it, its code as integrations write it. */
  codes: readonly C[];
  label: (code: C) => string;
  /** Said after the code, when the label needs it. */
  description?: (code: C) => string;
  chosen: ReadonlySet<C>;
  onChange: (chosen: Set<C>) => void;
  error: string | undefined;
  /** The first box, which takes the focus when nothing is chosen. */
  firstRef: RefObject<HTMLInputElement | null>;
}

/** Check boxes for codes an integration names (a token's scopes, a webhook's events), with the error under them. */
export function CodeChoices<C extends string>({ legend, intro, codes, label, description, chosen, onChange, error, firstRef }: Props<C>) {
  const ids = useId();
  function toggle(code: C, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(code);
    else next.delete(code);
    onChange(next);
  }
  return (
    <fieldset className={styles.permissions} aria-describedby={error ? `${ids}-error` : undefined}>
      <legend>{legend}</legend>
      {intro && <p className={styles.muted}>{intro}</p>}
      <ul className={styles.scopeList}>
        {codes.map((code, i) => {
          const id = `${ids}-${code}`;
          return (
            <li key={code}>
              <input id={id} type="checkbox" ref={i === 0 ? firstRef : undefined} checked={chosen.has(code)} onChange={(e) => toggle(code, e.target.checked)} aria-describedby={`${id}-hint`} />
              <label htmlFor={id}>{label(code)}</label>
              <span id={`${id}-hint`} className={styles.checkHint}>
                <code>{code}</code> {description?.(code)}
              </span>
            </li>
          );
        })}
      </ul>
      {error && (
        <p id={`${ids}-error`} className={formStyles.error}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
