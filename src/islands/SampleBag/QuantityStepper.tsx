import { useEffect, useState } from 'react';
import { parseSampleQuantity, SAMPLE_QUANTITY_MAX } from '../../lib/contracts/sampling-bag-rules';
import styles from './SampleBag.module.css';

interface Props {
  value: number;
  /** Called with a valid 1–99 quantity when the person settles on one (a step, or leaving the field). */
  onChange: (quantity: number) => void;
  label: string;
  decrease: string;
  increase: string;
  /** Shown, and announced, while the typed text is not a whole number 1–99. */
  rule: string;
  disabled?: boolean;
  /** Told whether the typed text is a valid quantity, so a form can refuse to go on with a bad one. */
  onValidity?: (valid: boolean) => void;
}

/** A 1–99 stepper (docs/product/routes.md#routes sample quantity): −/+ buttons and a numeric field checked when it is left or Enter is pressed. */
export function QuantityStepper({ value, onChange, label, decrease, increase, rule, disabled, onValidity }: Props) {
  const [text, setText] = useState(String(value));
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    setText(String(value));
    setInvalid(false);
    onValidity?.(true);
  }, [value]);

  const commit = () => {
    const n = parseSampleQuantity(text);
    setInvalid(n === null);
    onValidity?.(n !== null);
    if (n === null) return;
    if (n !== value) onChange(n);
  };
  const step = (delta: number) => {
    const n = Math.min(SAMPLE_QUANTITY_MAX, Math.max(1, value + delta));
    setText(String(n));
    setInvalid(false);
    onValidity?.(true);
    if (n !== value) onChange(n);
  };

  return (
    <span className={styles.stepperWrap}>
      <span className={styles.stepper}>
        <button type="button" className={styles.stepButton} aria-label={decrease} disabled={disabled || value <= 1} onClick={() => step(-1)}>
          −
        </button>
        <input
          className={styles.stepInput}
          type="text"
          inputMode="numeric"
          aria-label={label}
          aria-invalid={invalid || undefined}
          value={text}
          disabled={disabled}
          maxLength={2}
          onInput={(e) => setText((e.target as HTMLInputElement).value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
        />
        <button type="button" className={styles.stepButton} aria-label={increase} disabled={disabled || value >= SAMPLE_QUANTITY_MAX} onClick={() => step(1)}>
          +
        </button>
      </span>
      {invalid && (
        <span className={styles.error} role="alert">
          {rule}
        </span>
      )}
    </span>
  );
}
