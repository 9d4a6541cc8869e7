import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useHydrated } from '../shared/useHydrated';
import { colorsApi } from '../../lib/api/colors';
import { COLOR_PAGE_PATH, COLOR_SWATCHES, HEX_INPUT_MAX, COLOR_TOLERANCES, colorSearchHref, normalizeHex } from '../../lib/color-search';
import { createClientT, type Dict } from '../../lib/i18n/client';
import styles from './ColorPicker.module.css';
import { PhotoColors } from './PhotoColors';

interface Props {
  /** The color the page shows (`rrggbb`), or what was typed when it was not a color. */
  hex: string;
  tolerance: number;
  /** `MESSAGES[lang].colorSearch`. */
  messages: Dict;
}


/**
 * The color search form (docs/product/search.md#how-results-are-ranked "Color"). Server-rendered it is a plain GET form: the palette buttons submit
 * their color (`pick`), the color input and hex field submit theirs and the page resolves which one was meant.
 * Hydrated, the palette becomes a radio group (arrow keys), the hex field is checked as it is typed, a preview
 * names the color's family, a photo can be read in the browser for its dominant colors or a clicked point, and
 * the form goes straight to the short address.
 */
export default function ColorPicker({ hex: initialHex, tolerance: initialTolerance, messages }: Props) {
  const t = createClientT(messages);
  const initialValid = normalizeHex(initialHex);
  const hydrated = useHydrated();
  const [text, setText] = useState(initialHex);
  const [tolerance, setTolerance] = useState(initialTolerance);
  const [family, setFamily] = useState('');
  const hexInput = useRef<HTMLInputElement>(null);
  const swatchButtons = useRef<(HTMLButtonElement | null)[]>([]);


  const valid = normalizeHex(text);
  // The last valid color stays in the preview while a new one is being typed.
  const [shown, setShown] = useState(initialValid);
  useEffect(() => {
    if (valid) setShown(valid);
  }, [valid]);

  // The preview names the family (the same one the results page links to), after typing pauses.
  useEffect(() => {
    if (!hydrated || !shown) return;
    let live = true;
    const timer = setTimeout(() => {
      colorsApi
        .family(`#${shown}`, { silent: true })
        .then((answer) => live && setFamily(answer?.label ?? ''))
        .catch(() => live && setFamily(''));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [hydrated, shown]);

  const choose = (next: string) => setText(next);
  const checkedIndex = COLOR_SWATCHES.findIndex((s) => s.hex === valid);

  const onSwatchKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = COLOR_SWATCHES.length - 1;
    const to = { ArrowRight: index + 1, ArrowDown: index + 1, ArrowLeft: index - 1, ArrowUp: index - 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = (to + COLOR_SWATCHES.length) % COLOR_SWATCHES.length;
    choose(COLOR_SWATCHES[next]!.hex);
    swatchButtons.current[next]?.focus();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) {
      hexInput.current?.focus();
      return;
    }
    location.assign(colorSearchHref(valid, tolerance));
  };

  const typingProblem = text.trim() !== '' && !valid;
  const tolerances: number[] = (COLOR_TOLERANCES as readonly number[]).includes(tolerance) ? [...COLOR_TOLERANCES] : [...COLOR_TOLERANCES, tolerance].sort((a, b) => a - b);

  return (
    <form className={styles.form} method="get" action={COLOR_PAGE_PATH} role="search" aria-label={t('form.label')} onSubmit={submit} noValidate>
      {/* Without script the page compares this with the hex field to tell whether the color input was used. */}
      <input type="hidden" name="from" value={initialHex} />
      <fieldset className={styles.palette}>
        <legend className={styles.legend}>{t('form.palette')}</legend>
        <div role="radiogroup" aria-label={t('form.palette')} className={styles.swatches}>
          {COLOR_SWATCHES.map((s, i) => {
            const checked = i === checkedIndex;
            const label = t(`swatch.${s.key}`);
            return (
              <button
                key={s.key}
                ref={(node) => {
                  swatchButtons.current[i] = node;
                }}
                type={hydrated ? 'button' : 'submit'}
                name={hydrated ? undefined : 'pick'}
                value={s.hex}
                role="radio"
                aria-checked={checked}
                aria-label={`${label} #${s.hex}`}
                title={`${label} #${s.hex}`}
                tabIndex={checked || (checkedIndex < 0 && i === 0) ? 0 : -1}
                className={styles.swatch}
                onClick={() => choose(s.hex)}
                onKeyDown={(e) => onSwatchKey(e, i)}
              >
                <svg viewBox="0 0 10 10" aria-hidden="true" focusable="false">
                  <circle cx="5" cy="5" r="4.6" fill={`#${s.hex}`} />
                </svg>
              </button>
            );
          })}
        </div>
      </fieldset>

      <div className={styles.row}>
        <label className={styles.field}>
          <span>{t('form.colorInput')}</span>
          <input type="color" name="swatch" value={`#${shown ?? '808080'}`} onChange={(e) => choose(e.target.value.slice(1))} className={styles.colorInput} />
        </label>
        <label className={styles.field}>
          <span>{t('form.hex')}</span>
          <input
            ref={hexInput}
            name="hex"
            value={text}
            onChange={(e) => setText(e.target.value)}
            maxLength={HEX_INPUT_MAX}
            autoComplete="off"
            spellCheck={false}
            placeholder="c8102e"
            aria-invalid={typingProblem}
            aria-describedby="color-hex-hint color-hex-problem"
            className={styles.hex}
          />
        </label>
        <label className={styles.field}>
          <span>{t('form.tolerance')}</span>
          <select name="tolerance" value={String(tolerance)} onChange={(e) => setTolerance(Number(e.target.value))}>
            {tolerances.map((value) => (
              <option key={value} value={value}>
                {t(`form.toleranceOption.${value}`, { defaultValue: t('form.toleranceCustom', { value }) })}
              </option>
            ))}
          </select>
        </label>
        <div className={styles.preview} aria-live="polite">
          <svg viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" focusable="false">
            <rect x="0.5" y="0.5" width="39" height="39" rx="8" fill={shown ? `#${shown}` : 'none'} />
          </svg>
          <span>
            <span className={styles.previewLabel}>{t('form.preview')}</span> {shown ? <output>#{shown}</output> : '—'}
            {family && <span className={styles.family}> · {t('form.family', { family })}</span>}
          </span>
        </div>
        <button type="submit" className="btn btn-primary">
          {t('form.submit')}
        </button>
      </div>
      <p id="color-hex-hint" className={styles.hint}>
        {t('form.hexHint')}
      </p>
      <p id="color-hex-problem" className={styles.problem} role="alert">
        {hydrated && typingProblem ? t('problem.hexTyping') : ''}
      </p>

      {hydrated && <PhotoColors t={t} chosen={valid} onChoose={choose} />}
    </form>
  );
}
