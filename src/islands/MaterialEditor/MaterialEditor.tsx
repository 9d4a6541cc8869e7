import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { ApiError, messageFor } from '../../lib/api/client';
import { materialEditorApi } from '../../lib/api/material-editor';
import { currencySymbol } from '../../lib/constants';
import type { CategoryNode } from '../../lib/contracts/catalogue';
import type { BoundMaterialFile, MaterialEditRequest, MaterialEditSource } from '../../lib/contracts/material-edit';
import { ATTACHMENT_NAME_MAX, COLOR_CARD_NAME_MAX, COLOR_CARDS_MAX, GALLERY_MAX } from '../../lib/contracts/material-edit-rules';
import { ERROR } from '../../lib/errors';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { castValue, checkValue, controlId, FIELD_TYPES, initialValue, pathCandidates, SERVER_FIELDS, templateKey, type EditorCatalogue, type FormValue } from '../../lib/material-editor';
import { formStyles } from '../shared/forms';
import type { UploadMessages } from '../shared/upload/FileUploader';
import { AttrField } from './AttrField';
import { cardKey, ColorCards, type Card } from './ColorCards';
import { Documents, type Doc } from './Documents';
import { MaterialFile } from './MaterialFile';
import { RenderState } from './RenderState';
import { PictureList, PictureSlot, type Pic } from './Pictures';
import { draftKey, useDraft } from './useDraft';
import { browserOffset, formatTime } from '../../lib/format-time';
import styles from './MaterialEditor.module.css';

interface Props {
  companyId: number;
  source: MaterialEditSource | null;
  categories: CategoryNode[];
  catalogue: EditorCatalogue;
  /** `editor` and `errors` slices of the page language. */
  messages: Dict;
  uploadMessages: UploadMessages;
  lang: string;
}

type Form = {
  rootId: number | null;
  categoryId: number | null;
  marketType: 1 | 2;
  values: Record<string, FormValue>;
  cards: Card[];
  cover: Pic | null;
  dangling: Pic | null;
  gallery: Pic[];
  documents: Doc[];
  file: BoundMaterialFile | null;
};

function formOf(source: MaterialEditSource | null, categories: CategoryNode[], catalogue: EditorCatalogue): Form {
  const attrs = source?.attrs ?? {};
  const values = Object.fromEntries(Object.values(catalogue.fields).map((f) => [f.fieldCode, initialValue(f, attrs[f.fieldCode])]));
  const rootId = source ? (categories.find((c) => c.id === source.categoryId || c.matchResult?.some((s) => s.id === source.categoryId))?.id ?? null) : null;
  return {
    rootId,
    categoryId: source?.categoryId ?? null,
    // The currency was set from the market it was last saved for.
    marketType: attrs.PF_CURRENCY === 'USD' ? 2 : 1,
    values,
    cards: source?.colorCards.map((c) => ({ key: `card-${c.id}`, id: c.id, name: c.name, hex: c.hex, isDefault: c.isDefault === 1, isBan: c.isBan === 1, images: c.images })) ?? [{ key: cardKey(), name: '', hex: '#808080', isDefault: true, isBan: false, images: [] }],
    cover: source?.cover ?? null,
    dangling: source?.dangling ?? null,
    gallery: source?.gallery ?? [],
    documents: source?.attachments.map(({ relativePath, name, size, mime }) => ({ relativePath, name, size, mime })) ?? [],
    file: source?.file ?? null,
  };
}

type Errors = Record<string, string[]>;

/**
 * The cards with a bound file's accepted colors: each color the cards do not have yet becomes a card bound to the
 * file, and a card of that color already there is bound to it. A lone untouched starting card gives way.
 */
export function withFileColors(cards: Card[], colors: { name: string; hex: string }[]): Card[] {
  const untouched = (c: Card) => !c.id && c.name.trim() === '' && c.images.length === 0;
  const kept = cards.length === 1 && untouched(cards[0]!) && colors.length > 0 ? [] : cards;
  const byHex = new Map(colors.map((c) => [c.hex.toLowerCase(), c]));
  const bound = kept.map((c) => ({ ...c, isBan: byHex.has(c.hex.toLowerCase()) }));
  const have = new Set(bound.map((c) => c.hex.toLowerCase()));
  const added = colors.filter((c) => !have.has(c.hex.toLowerCase())).map((c) => ({ key: cardKey(), name: c.name, hex: c.hex.toLowerCase(), isDefault: false, isBan: true, images: [] }));
  const all = [...bound, ...added].slice(0, COLOR_CARDS_MAX);
  return all.some((c) => c.isDefault) ? all : all.map((c, i) => ({ ...c, isDefault: i === 0 }));
}

/**
 * The supplier's material editor (docs/product/material-editor.md): category and market first, then the template's fields by group, the
 * color cards and the pictures. Checks as the user types what the server will check again; the server's refusals land
 * on their fields as "title: message" and the first one takes the focus. After a save it stays on the material.
 */
export default function MaterialEditor({ companyId, source: initialSource, categories, catalogue, messages, uploadMessages, lang }: Props) {
  const t = createClientT(messages);
  const [materialId, setMaterialId] = useState<number | null>(initialSource?.id ?? null);
  const [version, setVersion] = useState<number | null>(initialSource?.version ?? null);
  const [baseline, setBaseline] = useState(() => formOf(initialSource, categories, catalogue));
  const [form, setForm] = useState(baseline);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);
  // A document still uploading is not in the form yet: saving waits for it.
  const [uploading, setUploading] = useState(false);
  // Nor does a material file still being read.
  const [reading, setReading] = useState(false);
  const focusFirst = useRef<string[] | null>(null);

  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(baseline), [form, baseline]);
  const key = draftKey(companyId, materialId);
  const draft = useDraft(key, form, dirty);
  const offered = draft.offer && JSON.stringify(draft.offer.form) !== JSON.stringify(baseline) ? draft.offer : null;
  useEffect(() => {
    if (draft.offer && !offered) draft.answer(false);
  }, [draft.offer, offered]);

  const root = categories.find((c) => c.id === form.rootId) ?? null;
  const template = useMemo(
    () => (form.rootId ? (catalogue.templates[templateKey(form.rootId, form.marketType)] ?? []) : []).filter((f) => catalogue.fields[f.code] && !SERVER_FIELDS.includes(f.code)),
    [form.rootId, form.marketType, catalogue],
  );
  const titles = useMemo(() => {
    const map: Record<string, string> = { colorCards: t('editor.cards.legend'), coverImageId: t('editor.images.cover'), danglingImageId: t('editor.images.dangling'), galleryImageIds: t('editor.images.gallery'), attachments: t('editor.documents.legend'), categoryId: t('editor.category.level2') };
    for (const f of template) map[`attrs.${f.code}`] = catalogue.fields[f.code]!.title;
    return map;
  }, [template, catalogue, messages]);

  // Errors go where their control is; a path without one (a card's picture, an id) falls back to its container.
  useEffect(() => {
    const order = focusFirst.current;
    if (!order) return;
    focusFirst.current = null;
    for (const path of order) {
      for (const candidate of pathCandidates(path)) {
        const el = document.getElementById(controlId(candidate));
        if (el) {
          el.focus();
          return;
        }
      }
    }
  }, [errors]);

  const errorsAt = (path: string) => errors[path] ?? [];
  const set = (patch: Partial<Form>) => setForm((prev) => ({ ...prev, ...patch }));
  const setValue = (code: string, value: FormValue) => {
    setForm((prev) => ({ ...prev, values: { ...prev.values, [code]: value } }));
    if (errors[`attrs.${code}`]) setErrors(({ [`attrs.${code}`]: _gone, ...rest }) => rest);
  };
  const withTitle = (path: string, message: string) => {
    const title = titles[path];
    return title ? t('editor.fieldError', { title, message }) : message;
  };

  function check(): Errors {
    const found: Errors = {};
    if (!form.categoryId) found.categoryId = [t('editor.problems.required')];
    for (const f of template) {
      const field = catalogue.fields[f.code]!;
      const problem = checkValue(field, f.required, form.values[f.code]);
      if (problem) found[`attrs.${f.code}`] = [withTitle(`attrs.${f.code}`, t(`editor.problems.${problem.key}`, problem.params))];
    }
    form.cards.forEach((card, i) => {
      if (!card.name.trim()) found[`colorCards[${i}].name`] = [t('editor.problems.required')];
      else if ([...card.name.trim()].length > COLOR_CARD_NAME_MAX) found[`colorCards[${i}].name`] = [t('editor.problems.maxLength', { maximum: COLOR_CARD_NAME_MAX })];
      if (!/^#[0-9a-fA-F]{6}$/.test(card.hex)) found[`colorCards[${i}].hex`] = [t('editor.problems.hex')];
    });
    for (const which of ['widthCm', 'heightCm'] as const) {
      const cm = form.file?.settings[which];
      if (cm !== undefined && !(cm >= 0.1 && cm <= 1000)) found[`materialFileSettings.${which}`] = [t('editor.file.sizeRange')];
    }
    form.documents.forEach((doc, i) => {
      const length = [...doc.name.trim()].length;
      if (length === 0) found[`attachments[${i}].name`] = [t('editor.problems.required')];
      else if (length > ATTACHMENT_NAME_MAX) found[`attachments[${i}].name`] = [t('editor.problems.maxLength', { maximum: ATTACHMENT_NAME_MAX })];
    });
    return found;
  }

  function request(): MaterialEditRequest {
    return {
      ...(materialId ? { materialId } : {}),
      categoryId: form.categoryId!,
      marketType: form.marketType,
      attrs: Object.fromEntries(template.map((f) => [f.code, castValue(catalogue.fields[f.code]!, form.values[f.code])])),
      colorCards: form.cards.map((c) => ({ ...(c.id ? { id: c.id } : {}), name: c.name.trim(), hex: c.hex.toLowerCase(), isDefault: c.isDefault ? 1 : 0, isBan: c.isBan ? 1 : 0, imageIds: c.images.map((p) => p.id) })),
      coverImageId: form.cover?.id ?? null,
      danglingImageId: form.dangling?.id ?? null,
      galleryImageIds: form.gallery.map((p) => p.id),
      attachments: form.documents.map((d) => ({ relativePath: d.relativePath, name: d.name.trim() })),
      materialFileReadId: form.file?.readId ?? null,
      materialFileSettings: form.file?.settings ?? null,
    };
  }

  function showErrors(found: Errors) {
    setErrors(found);
    focusFirst.current = Object.keys(found);
    setFormError(t('editor.problemsSummary', { count: Object.keys(found).length }));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setNotice('');
    const found = check();
    if (Object.keys(found).length > 0) return showErrors(found);
    setBusy(true);
    setFormError('');
    setErrors({});
    try {
      const saved = await materialEditorApi.save(request(), { silent: true });
      if (!saved) return;
      const fresh = await materialEditorApi.source(saved.id, { silent: true });
      const next = formOf(fresh ?? null, categories, catalogue);
      // The saved form, with the ids the server gave new cards, is the new starting point; the market chosen stays.
      const kept = { ...next, marketType: form.marketType };
      draft.clear(key);
      draft.clear(draftKey(companyId, saved.id));
      setBaseline(kept);
      setForm(kept);
      setMaterialId(saved.id);
      setVersion(saved.version);
      setNotice(t('editor.saved', { version: saved.version }));
      if (!materialId) history.replaceState(null, '', `${location.pathname}?materialId=${saved.id}`);
    } catch (error) {
      if (error instanceof ApiError && error.fields?.length) {
        const byField: Errors = {};
        for (const issue of error.fields) (byField[issue.field] ??= []).push(withTitle(issue.field, issue.message));
        showErrors(byField);
      } else setFormError(error instanceof ApiError ? messageFor(t, error.code, error.message) : messageFor(t, ERROR.unknown, undefined));
    } finally {
      setBusy(false);
    }
  }

  const level2 = root?.matchResult ?? [];
  const shown = new Set(template.map((f) => `attrs.${f.code}`));
  const elsewhere = Object.entries(errors).filter(([path]) => path.startsWith('attrs.') && !shown.has(path));

  return (
    <form className={styles.editor} onSubmit={submit} noValidate aria-busy={busy}>
      {offered && (
        // A draft is offered only in the browser, after hydration: the browser's own offset is the viewer's.
        <div className={styles.draftOffer} role="status">
          <p>{t('editor.draft.found', { time: formatTime(offered.savedAt, lang, browserOffset()) })}</p>
          <div className="button-row">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                // A draft kept before documents or material files existed has none.
                setForm({ ...offered.form, documents: offered.form.documents ?? [], file: offered.form.file ?? null });
                draft.answer(true);
              }}
            >
              {t('editor.draft.restore')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => draft.answer(false)}>
              {t('editor.draft.discard')}
            </button>
          </div>
        </div>
      )}
      {version !== null && <p className={styles.muted}>{t('editor.versionNote', { version })}</p>}

      <fieldset className={styles.section}>
        <legend>{t('editor.category.legend')}</legend>
        <div className={styles.grid}>
          <div className={formStyles.field}>
            <label htmlFor={controlId('rootId')}>
              {t('editor.category.level1')}
              <span className={styles.required} aria-hidden="true">
                {' *'}
              </span>
            </label>
            <select id={controlId('rootId')} value={form.rootId ?? ''} onChange={(e) => set({ rootId: e.target.value ? Number(e.target.value) : null, categoryId: null })}>
              <option value="">{t('editor.category.choose')}</option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <div className={formStyles.field}>
            <label htmlFor={controlId('categoryId')}>
              {t('editor.category.level2')}
              <span className={styles.required} aria-hidden="true">
                {' *'}
              </span>
            </label>
            <select
              id={controlId('categoryId')}
              value={form.categoryId ?? ''}
              disabled={!root}
              aria-invalid={errorsAt('categoryId').length ? true : undefined}
              aria-describedby={errorsAt('categoryId').length ? `${controlId('categoryId')}-error` : undefined}
              onChange={(e) => set({ categoryId: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">{t('editor.category.choose')}</option>
              {level2.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {errorsAt('categoryId').length > 0 && (
              <p id={`${controlId('categoryId')}-error`} className={styles.error}>
                {errorsAt('categoryId').join(' ')}
              </p>
            )}
          </div>
          <fieldset className={styles.choiceGroup}>
            <legend>{t('editor.category.market')}</legend>
            <div className={styles.choices}>
              {([1, 2] as const).map((m) => (
                <label key={m} className={styles.choice}>
                  <input type="radio" name="marketType" value={m} checked={form.marketType === m} onChange={() => set({ marketType: m })} />
                  {t(m === 1 ? 'editor.category.domestic' : 'editor.category.overseas')}
                </label>
              ))}
            </div>
          </fieldset>
        </div>
      </fieldset>

      {!form.categoryId ? (
        <p className={styles.muted}>{t('editor.category.chooseFirst')}</p>
      ) : (
        <>
          {FIELD_TYPES.map((type) => {
            const fields = template.filter((f) => catalogue.fields[f.code]!.fieldType === type);
            if (fields.length === 0) return null;
            return (
              <fieldset key={type} className={styles.section}>
                <legend>{t(`editor.groups.${type}`)}</legend>
                <div className={styles.grid}>
                  {fields.map((f) => {
                    const field = catalogue.fields[f.code]!;
                    const options = field.inputType === 'address' ? catalogue.places : field.dictTypeCode ? (catalogue.dictionaries[field.dictTypeCode] ?? []) : [];
                    return (
                      <div key={f.code} className={field.inputType === 'multiSelect' || field.inputType === 'radio' ? styles.wide : undefined}>
                        <AttrField field={field} required={f.required} value={form.values[f.code]} options={options} currency={currencySymbol(form.marketType)} error={errorsAt(`attrs.${f.code}`).join(' ') || undefined} t={t} onChange={(v) => setValue(f.code, v)} />
                      </div>
                    );
                  })}
                </div>
              </fieldset>
            );
          })}
          {elsewhere.length > 0 && <p className={styles.error}>{elsewhere.flatMap(([, m]) => m).join(' ')}</p>}

          <MaterialFile
            file={form.file}
            t={t}
            uploadMessages={uploadMessages}
            errors={errorsAt}
            onBusyChange={setReading}
            onBind={(file, colors) => setForm((prev) => ({ ...prev, file, cards: withFileColors(prev.cards, colors) }))}
            onUnbind={() => setForm((prev) => ({ ...prev, file: null, cards: prev.cards.map((c) => ({ ...c, isBan: false })) }))}
            onSettings={(settings) => setForm((prev) => (prev.file ? { ...prev, file: { ...prev.file, settings } } : prev))}
          >
            {materialId !== null && version !== null && baseline.file && <RenderState materialId={materialId} version={version} t={t} />}
          </MaterialFile>

          <ColorCards cards={form.cards} t={t} uploadMessages={uploadMessages} errors={errorsAt} onChange={(f) => setForm((prev) => ({ ...prev, cards: f(prev.cards) }))} />

          <fieldset className={styles.section}>
            <legend>{t('editor.images.legend')}</legend>
            <div className={styles.slots}>
              <PictureSlot label={t('editor.images.cover')} path="coverImageId" t={t} uploadMessages={uploadMessages} errors={errorsAt} pic={form.cover} onChange={(cover) => set({ cover })} />
              <PictureSlot label={t('editor.images.dangling')} path="danglingImageId" t={t} uploadMessages={uploadMessages} errors={errorsAt} pic={form.dangling} onChange={(dangling) => set({ dangling })} />
            </div>
            <PictureList label={t('editor.images.gallery')} hint={t('editor.images.galleryHint', { max: GALLERY_MAX })} path="galleryImageIds" t={t} uploadMessages={uploadMessages} errors={errorsAt} pics={form.gallery} max={GALLERY_MAX} onChange={(f) => setForm((prev) => ({ ...prev, gallery: f(prev.gallery) }))} />
          </fieldset>

          <Documents docs={form.documents} t={t} uploadMessages={uploadMessages} errors={errorsAt} onBusyChange={setUploading} onChange={(f) => setForm((prev) => ({ ...prev, documents: f(prev.documents) }))} />
        </>
      )}

      <div className={styles.actions}>
        <div role="alert" className={styles.formMessages}>
          {formError && <p className={styles.error}>{formError}</p>}
        </div>
        <p role="status" className={styles.notice}>
          {notice}
        </p>
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy || uploading || reading || !form.categoryId}>
          {busy ? t('editor.saving') : t('editor.save')}
        </button>
      </div>
    </form>
  );
}

