import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './MaterialPreview3D.module.css';

export interface RadioOption<V> {
  value: V;
  label: string;
  /** A picture before the label (a color chip); decorative, the label names the option. */
  swatch?: ReactNode;
}

interface Props<V> {
  label: string;
  options: readonly RadioOption<V>[];
  value: V;
  onChange: (value: V) => void;
  disabled?: boolean;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/** The option a key moves the choice to, round the ends as native radios do; null for a key that does not move it. */
export function radioTarget(key: string, current: number, count: number): number | null {
  if (count <= 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const step = STEP[key];
  return step ? (current + step + count) % count : null;
}

/**
 * A row of buttons that behaves as one radio group for the keyboard: Tab reaches the chosen option only, the arrow
 * keys (and Home/End) move the choice and the focus together, as a native radio group does.
 */
export function RadioGroup<V extends string | number>({ label, options, value, onChange, disabled }: Props<V>) {
  const labelId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const checked = options.findIndex((o) => o.value === value);
  // With no option chosen, the first one is where Tab enters the group.
  const stop = Math.max(0, checked);
  const onKeyDown = (event: KeyboardEvent, from: number) => {
    const next = radioTarget(event.key, from, options.length);
    const option = next === null ? undefined : options[next];
    if (next === null || !option) return;
    event.preventDefault();
    onChange(option.value);
    buttons.current[next]?.focus();
  };
  return (
    <div className={styles.group}>
      <span id={labelId} className={styles.groupLabel}>
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className={styles.options}>
        {options.map((option, i) => (
          <button
            key={option.value}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={i === checked}
            tabIndex={i === stop ? 0 : -1}
            className={styles.option}
            disabled={disabled}
            onClick={() => onChange(option.value)}
            onKeyDown={(event) => onKeyDown(event, i)}
          >
            {option.swatch}
            <span>{option.label}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
