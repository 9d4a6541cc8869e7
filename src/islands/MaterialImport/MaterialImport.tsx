import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../lib/api/client';
import { materialImportApi } from '../../lib/api/material-import';
import type { MaterialImportAction, MaterialImportCheck, MaterialImportRow, MaterialImportRowErrorView, MaterialImportStatus } from '../../lib/contracts/material-import';
import { MATERIAL_IMPORT_MAX_ROWS, MATERIAL_IMPORT_PAGE_SIZE, MATERIAL_IMPORT_SHEET_EXTENSIONS, MATERIAL_IMPORT_SHEET_MAX_BYTES, MATERIAL_IMPORT_ZIP_MAX_BYTES } from '../../lib/contracts/material-import-rules';
import { createClientT, type ClientT, type Dict } from '../../lib/i18n/client';
import { Pager } from '../shared/Pager';
import { FieldError, FormError, formStyles, LiveStatus, SelectField, serverErrors, useFieldAria, type FormErrors } from '../shared/forms';
import { useHydrated } from '../shared/useHydrated';
import styles from './MaterialImport.module.css';

/** A level-1 category with the level-2 ones a material is filed under. */
export type ImportCategory = { id: number; name: string; children: { id: number; name: string }[] };

interface Props {
  /** The `materialImport` and `errors` slices of the page language's messages. */
  messages: Dict;
  categories: ImportCategory[];
  /** Where the supplier's material list is. */
  listHref: string;
}

type Field = 'file' | 'images' | 'categoryId';
const FIELDS: readonly Field[] = ['file', 'images', 'categoryId'];
/** How often the progress is asked for while the job runs. */
const POLL_MS = 1000;
const MiB = 1024 * 1024;
const SHEET_ACCEPT = MATERIAL_IMPORT_SHEET_EXTENSIONS.map((e) => `.${e}`).join(',');
/** The pill of each row's action: changes in jade, errors in clay. */
const TONES = { create: 'jade', update: 'ochre', unchanged: 'ink', error: 'clay' } as const;
const extension = (file: File) => file.name.split('.').pop()?.toLowerCase() ?? '';

/**
 * The bulk import of materials (/supplier/material/import, docs/product/integrations.md#bulk-import): choose a category
 * and download its template; choose the sheet and an optional zip of pictures; read the dry run row by row; confirm
 * ("import N good rows, skip M"); follow the progress; read the result. Each step moves the focus to what it shows.
 */
export default function MaterialImport({ messages, categories, listHref }: Props) {
  const t = createClientT(messages);
  const ready = useHydrated();
  const [categoryId, setCategoryId] = useState('');
  const [marketType, setMarketType] = useState<1 | 2>(1);
  const [file, setFile] = useState<File | null>(null);
  const [images, setImages] = useState<File | null>(null);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [busy, setBusy] = useState<'check' | 'start' | null>(null);
  const [check, setCheck] = useState<MaterialImportCheck | null>(null);
  const [status, setStatus] = useState<MaterialImportStatus | null>(null);
  const [formKey, setFormKey] = useState(0);
  const resultRef = useRef<HTMLElement>(null);
  const progressRef = useRef<HTMLElement>(null);

  const changed = () => {
    setCheck(null);
    setStatus(null);
    setErrors({});
  };

  function validate(): FormErrors<Field> {
    const found: FormErrors<Field> = {};
    if (!file) found.file = t('materialImport.chooseSheet');
    else if (!(MATERIAL_IMPORT_SHEET_EXTENSIONS as readonly string[]).includes(extension(file))) found.file = t('materialImport.sheetType');
    else if (file.size > MATERIAL_IMPORT_SHEET_MAX_BYTES) found.file = t('materialImport.sheetTooLarge', { max: MATERIAL_IMPORT_SHEET_MAX_BYTES / MiB });
    if (images && extension(images) !== 'zip') found.images = t('materialImport.zipType');
    else if (images && images.size > MATERIAL_IMPORT_ZIP_MAX_BYTES) found.images = t('materialImport.zipTooLarge', { max: MATERIAL_IMPORT_ZIP_MAX_BYTES / MiB });
    return found;
  }

  async function onCheck(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const found = validate();
    setErrors(found);
    if (Object.keys(found).length > 0 || !file) return;
    setBusy('check');
    setCheck(null);
    setStatus(null);
    try {
      const answer = await materialImportApi.check({ file, images, categoryId: categoryId ? Number(categoryId) : null, marketType });
      setCheck(answer ?? null);
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (e) {
      setErrors(serverErrors(e, FIELDS, t));
    }
    setBusy(null);
  }

  async function onStart() {
    if (!check || busy) return;
    setBusy('start');
    try {
      setStatus((await materialImportApi.start(check.importId)) ?? null);
      requestAnimationFrame(() => progressRef.current?.focus());
    } catch (e) {
      setErrors({ form: errorText(t, e) });
    }
    setBusy(null);
  }

  // The job's progress, asked for until it is done.
  const importId = status?.importId;
  const running = status !== null && (status.state === 'queued' || status.state === 'running' || status.state === 'checked');
  useEffect(() => {
    if (!running || importId === undefined) return;
    const timer = setTimeout(async () => {
      try {
        const next = await materialImportApi.status(importId);
        if (next) setStatus(next);
      } catch (e) {
        setErrors({ form: errorText(t, e) });
      }
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, importId, status]);

  function restart() {
    changed();
    setFile(null);
    setImages(null);
    setFormKey((k) => k + 1);
  }

  const templateHref = categoryId ? materialImportApi.templateUrl(Number(categoryId), marketType) : null;

  return (
    <div className={styles.screen}>
      <section className={`card-surface ${styles.card}`} aria-labelledby="import-step-1">
        <h2 id="import-step-1">{t('materialImport.step1')}</h2>
        <p className={styles.muted}>{t('materialImport.step1Text')}</p>
        <div className={styles.row}>
          <SelectField label={t('materialImport.category')} name="categoryId" value={categoryId} error={errors.categoryId} onValueChange={(v) => (setCategoryId(v), changed())}>
            <option value="">{t('materialImport.chooseCategory')}</option>
            {categories.map((root) => (
              <optgroup key={root.id} label={root.name}>
                {(root.children.length ? root.children : [root]).map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </optgroup>
            ))}
          </SelectField>
          <SelectField label={t('materialImport.market')} name="marketType" value={String(marketType)} onValueChange={(v) => (setMarketType(v === '2' ? 2 : 1), changed())}>
            <option value="1">{t('materialImport.markets.1')}</option>
            <option value="2">{t('materialImport.markets.2')}</option>
          </SelectField>
        </div>
        <div className={styles.actions}>
          {templateHref ? (
            <a className="btn btn-secondary" href={templateHref} download>
              {t('materialImport.downloadTemplate')}
            </a>
          ) : (
            <button type="button" className="btn btn-secondary" disabled>
              {t('materialImport.downloadTemplate')}
            </button>
          )}
        </div>
        <p className={styles.muted}>{t('materialImport.templateHint')}</p>
      </section>

      <section className={`card-surface ${styles.card}`} aria-labelledby="import-step-2">
        <h2 id="import-step-2">{t('materialImport.step2')}</h2>
        <p className={styles.muted}>{t('materialImport.step2Text', { max: MATERIAL_IMPORT_MAX_ROWS })}</p>
        <form key={formKey} className={formStyles.form} onSubmit={onCheck} noValidate aria-busy={busy === 'check'}>
          <FileField label={t('materialImport.sheet')} name="file" accept={SHEET_ACCEPT} required error={errors.file} onFile={(f) => (setFile(f), changed())} />
          <FileField label={t('materialImport.zip')} name="images" accept=".zip" error={errors.images} onFile={(f) => (setImages(f), changed())} />
          <FormError message={errors.form} />
          <div className={styles.actions}>
            <button type="submit" className="btn btn-primary" disabled={!ready || busy !== null || (status !== null && running)}>
              {busy === 'check' ? t('materialImport.checking') : t('materialImport.check')}
            </button>
          </div>
        </form>
      </section>

      {check && !status && <DryRun check={check} t={t} busy={busy === 'start'} ready={ready} onStart={onStart} onRestart={restart} sectionRef={resultRef} />}
      {status && <Progress status={status} t={t} listHref={listHref} onRestart={restart} sectionRef={progressRef} />}
    </div>
  );
}

/** A file input cannot be a controlled field: the browser owns its value, the island only hears of the choice. */
function FileField({ label, name, accept, required, error, onFile }: { label: string; name: string; accept: string; required?: boolean; error: string | undefined; onFile: (file: File | null) => void }) {
  const aria = useFieldAria(error);
  return (
    <div className={formStyles.field}>
      <label htmlFor={aria.id}>{label}</label>
      <input {...aria.control} className={styles.file} type="file" name={name} accept={accept} required={required} onChange={(e) => onFile(e.target.files?.[0] ?? null)} />
      <FieldError id={aria.errorId} error={error} />
    </div>
  );
}

const pagerText = (t: ClientT) => ({ previous: t('materialImport.previous'), next: t('materialImport.next'), pageInfo: (page: number, pages: number) => t('materialImport.pageInfo', { page, pages }) });

function ErrorList({ errors, t }: { errors: MaterialImportRowErrorView[]; t: ClientT }) {
  if (errors.length === 0) return null;
  return (
    <ul className={styles.errors}>
      {errors.map((e, i) => (
        <li key={i}>{t('materialImport.columnError', { column: e.columnTitle, message: e.message })}</li>
      ))}
    </ul>
  );
}

type TableRow = { row: number; serialNo: string; errors: MaterialImportRowErrorView[]; name?: string; action?: MaterialImportAction };

/** Rows of the sheet with their errors, in a frame that scrolls sideways: the dry run's (`planned`: with their name and action) or the import's failures. */
function RowTable({ rows, t, caption, planned = false, busy }: { rows: TableRow[]; t: ClientT; caption?: string; planned?: boolean; busy?: boolean }) {
  return (
    <div className="data-table-frame" aria-busy={busy}>
      <table className={`data-table ${styles.table}`}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead>
          <tr>
            <th scope="col" className="num">
              {t('materialImport.row')}
            </th>
            <th scope="col">{t('materialImport.serialNo')}</th>
            {planned && <th scope="col">{t('materialImport.name')}</th>}
            {planned && <th scope="col">{t('materialImport.action')}</th>}
            <th scope="col">{t('materialImport.errorsCol')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row}>
              <th scope="row" className="num">
                {r.row}
              </th>
              <td>{r.serialNo || '—'}</td>
              {planned && <td>{r.name || '—'}</td>}
              {planned && (
                <td>
                  {r.action && (
                    <span className="pill" data-tone={TONES[r.action]}>
                      {t(`materialImport.actions.${r.action}`)}
                    </span>
                  )}
                </td>
              )}
              <td>
                <ErrorList errors={r.errors} t={t} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface DryRunProps {
  check: MaterialImportCheck;
  t: ClientT;
  busy: boolean;
  ready: boolean;
  onStart: () => void;
  onRestart: () => void;
  sectionRef: React.RefObject<HTMLElement | null>;
}

/** The dry run: the counts, then the rows a page at a time (all, or only those with errors), then the confirmation. */
function DryRun({ check, t, busy, ready, onStart, onRestart, sectionRef }: DryRunProps) {
  const [only, setOnly] = useState<'all' | 'error'>('all');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ records: MaterialImportRow[]; total: number }>({ records: check.rows, total: check.total });
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState('');
  const first = useRef(true);

  useEffect(() => {
    // The first page came with the dry run.
    if (first.current) {
      first.current = false;
      return;
    }
    let live = true;
    setLoading(true);
    setError('');
    materialImportApi
      .rows(check.importId, page, only)
      .then((answer) => live && answer && setRows(answer))
      .catch((e) => live && setError(errorText(t, e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [check.importId, page, only]);

  const good = check.total - check.counts.error;
  const bad = check.counts.error;
  return (
    <section ref={sectionRef} tabIndex={-1} className={`card-surface ${styles.card}`} aria-labelledby="import-step-3">
      <h2 id="import-step-3">{t('materialImport.step3')}</h2>
      <p role="status">{t('materialImport.summary', { total: check.total, ...check.counts })}</p>
      {check.images > 0 && <p className={styles.muted}>{t('materialImport.imagesCount', { count: check.images })}</p>}
      {check.ignoredColumns.length > 0 && <p className={styles.muted}>{t('materialImport.ignoredColumns', { columns: check.ignoredColumns.join(', ') })}</p>}
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={only === 'error'}
          disabled={bad === 0}
          onChange={(e) => {
            setOnly(e.target.checked ? 'error' : 'all');
            setPage(1);
          }}
        />
        {t('materialImport.onlyErrors')}
      </label>
      <FormError message={error} />
      {rows.records.length === 0 ? (
        <p className={styles.muted}>{loading ? t('materialImport.loadingRows') : t('materialImport.noRows')}</p>
      ) : (
        <RowTable rows={rows.records} t={t} caption={t('materialImport.rowsCaption')} planned busy={loading} />
      )}
      <Pager label={t('materialImport.rowsNav')} page={page} size={MATERIAL_IMPORT_PAGE_SIZE} total={rows.total} onPage={setPage} text={pagerText(t)} />
      {good === 0 && <p>{t('materialImport.nothing')}</p>}
      <div className={styles.actions}>
        {good > 0 && (
          <button type="button" className="btn btn-primary" disabled={!ready || busy} onClick={onStart}>
            {busy ? t('materialImport.importing') : bad > 0 ? t('materialImport.confirm', { good, bad }) : t('materialImport.confirmAll', { good })}
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={onRestart}>
          {t('materialImport.restart')}
        </button>
      </div>
    </section>
  );
}

interface ProgressProps {
  status: MaterialImportStatus;
  t: ClientT;
  listHref: string;
  onRestart: () => void;
  sectionRef: React.RefObject<HTMLElement | null>;
}

/** The job's progress (rows done of the good rows), then its result with the rows not imported. */
function Progress({ status, t, listHref, onRestart, sectionRef }: ProgressProps) {
  const finished = status.state === 'done' || status.state === 'failed';
  const progressText = status.state === 'queued' && status.rowsDone === 0 ? t('materialImport.queued') : t('materialImport.progress', { done: status.rowsDone, total: status.total });
  return (
    <section ref={sectionRef} tabIndex={-1} className={`card-surface ${styles.card}`} aria-labelledby="import-step-4">
      <h2 id="import-step-4">{t('materialImport.step4')}</h2>
      <progress className={styles.progress} max={Math.max(1, status.total)} value={status.rowsDone} aria-label={progressText} />
      <p>{progressText}</p>
      <LiveStatus
        message={finished ? `${status.state === 'done' ? t('materialImport.done') : t('materialImport.failed')} ${t('materialImport.result', { created: status.created, updated: status.updated, unchanged: status.unchanged, failed: status.failed })}` : ''}
        className={status.state === 'done' ? formStyles.success : undefined}
      />
      {finished && status.failures.length > 0 && (
        <>
          <h3>{t('materialImport.failures')}</h3>
          <RowTable rows={status.failures} t={t} />
        </>
      )}
      {finished && (
        <div className={styles.actions}>
          <a className="btn btn-primary" href={listHref}>
            {t('materialImport.toList')}
          </a>
          <button type="button" className="btn btn-ghost" onClick={onRestart}>
            {t('materialImport.restart')}
          </button>
        </div>
      )}
    </section>
  );
}
