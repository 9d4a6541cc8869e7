import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ApiError } from '../../../lib/api/client';
import type { UploadedFile } from '../../../lib/contracts/storage';
import { createClientT, type ClientT } from '../../../lib/i18n/client';
import type uploadMessages from '../../../lib/i18n/locales/upload.en.json';
import { $storageConfig } from '../../../lib/stores/storage-config';
import { formatFileSize } from '../../../lib/constants';
import { helpArticlePath } from '../../../lib/help-links';
import { ALL_FILE_LIMIT, checkFile, checkTotal, type FileProblem } from '../../../lib/upload/limits';
import { HashError } from './hash-in-worker';
import { PartUploadError } from './put-part';
import { FileRejectedError, uploadFile, type UploadProgress } from './upload-file';
import styles from './FileUploader.module.css';

/** The `upload` slice of the page language's messages (`MESSAGES[lang].upload`). */
export type UploadMessages = typeof uploadMessages;

export interface FileUploaderProps {
  /** Extensions the picker takes, without dots (`IMAGE_UPLOAD_ACCEPT` for photos). */
  accept: readonly string[];
  multiple?: boolean;
  /** Files this list may hold at once (finished and running); one when not `multiple`. */
  maxFiles?: number;
  /**
   * Bytes the form already holds, the files this uploader reported through `onUploaded` included: the total check
   * adds only the files still on their way.
   */
  existingBytes?: number;
  /** What the field is (shown on the drop zone and naming it for assistive technology). */
  label: string;
  messages: UploadMessages;
  onUploaded: (file: UploadedFile, source: File) => void;
  disabled?: boolean;
  /** Told when the first upload starts and when the last one ends, so a form can wait before saving. */
  onBusyChange?: (busy: boolean) => void;
}

type RowState = 'waiting' | 'hashing' | 'uploading' | 'finishing' | 'done' | 'failed' | 'cancelled' | 'rejected';

interface Row {
  id: number;
  file: File;
  state: RowState;
  /** Bytes the store holds; kept when the upload stops so the bar shows where a retry continues. */
  sent: number;
  message: string;
}

const RUNNING: ReadonlySet<RowState> = new Set(['hashing', 'uploading', 'finishing']);
const isRunning = (row: Row) => RUNNING.has(row.state);
/** Rows that will hold a file unless removed: they count towards `maxFiles`. */
const isKept = (row: Row) => row.state === 'done' || row.state === 'waiting' || isRunning(row);

function problemText(t: ClientT, problem: FileProblem): string {
  switch (problem.code) {
    case 'invalidType':
      return t('invalidType', { name: problem.name, types: problem.allowed.join(', ') });
    case 'wrongFormat':
      return t('wrongFormat', { name: problem.name, types: problem.allowed.join(', ') });
    case 'tooLarge':
      return t('tooLarge', { name: problem.name, limit: formatFileSize(problem.limit) });
  }
}

/** What to show for a failed upload: the server's own message when it sent one. */
function failureText(t: ClientT, error: unknown): string {
  if (error instanceof FileRejectedError) return problemText(t, error.problem);
  if (error instanceof ApiError && error.message) return error.message;
  if (error instanceof PartUploadError) return error.status === 0 ? t('networkFailed') : t('partFailed', { reason: error.serverMessage || `HTTP ${error.status}` });
  if (error instanceof HashError) return t('readFailed');
  return t('failed');
}

function fraction(row: Row): number {
  if (row.state === 'done' || row.state === 'finishing') return 1;
  return row.file.size ? Math.min(1, row.sent / row.file.size) : 0;
}

/**
 * Picks files (a drop zone that is also the picker's button), checks them, and uploads them one after another
 * with the resumable flow of `upload-file.ts` (docs/product/uploading.md): a row per file with its progress,
 * cancel while it runs, retry (continuing where it stopped) after a failure or a cancel, remove when it is over.
 */
export default function FileUploader({ accept, multiple = false, maxFiles, existingBytes = 0, label, messages, onUploaded, disabled = false, onBusyChange }: FileUploaderProps) {
  const t = createClientT(messages);
  const config = useStore($storageConfig);
  const [rows, setRows] = useState<Row[]>([]);
  const [notice, setNotice] = useState('');
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const chooser = useRef<HTMLButtonElement>(null);
  const controllers = useRef(new Map<number, AbortController>());
  const running = useRef<number | null>(null);
  const nextId = useRef(1);
  // Uploads outlive renders: they report to the latest props, not those of the render that started them.
  const latest = useRef({ onUploaded, onBusyChange, accept });
  latest.current = { onUploaded, onBusyChange, accept };
  const hintId = useId();
  const labelId = useId();

  const update = (id: number, change: Partial<Row>) => setRows((list) => list.map((row) => (row.id === id ? { ...row, ...change } : row)));

  function start(row: Row) {
    const controller = new AbortController();
    controllers.current.set(row.id, controller);
    running.current = row.id;
    update(row.id, { state: 'hashing', message: '' });
    const onProgress = (p: UploadProgress) => {
      if (p.phase === 'hashing') return update(row.id, { state: 'hashing' });
      update(row.id, { state: p.phase, sent: p.phase === 'uploading' ? p.loaded : row.file.size });
    };
    uploadFile(row.file, { accept: latest.current.accept, signal: controller.signal, onProgress })
      .then(
        (stored) => {
          update(row.id, { state: 'done', sent: row.file.size });
          latest.current.onUploaded(stored, row.file);
        },
        (error: unknown) => {
          if (controller.signal.aborted) update(row.id, { state: 'cancelled', message: t('cancelledNote') });
          else update(row.id, { state: 'failed', message: failureText(t, error) });
        },
      )
      .finally(() => {
        controllers.current.delete(row.id);
        running.current = null;
        // The queue effect runs on the state change above and starts the next waiting file.
        setRows((list) => [...list]);
      });
  }

  // One file at a time (each already sends three parts at once): the next waiting row starts when none runs.
  useEffect(() => {
    if (running.current !== null) return;
    const next = rows.find((row) => row.state === 'waiting');
    if (next) start(next);
  }, [rows]);

  const busy = rows.some((row) => isRunning(row) || row.state === 'waiting');
  useEffect(() => {
    latest.current.onBusyChange?.(busy);
  }, [busy]);

  // Leaving the page's form cancels what runs; the upload ids stay, so picking the files again resumes.
  useEffect(() => () => controllers.current.forEach((c) => c.abort()), []);

  function add(files: readonly File[]) {
    if (disabled || files.length === 0) return;
    setNotice('');
    const picked = multiple ? [...files] : files.slice(0, 1);
    // A single slot takes the new file in place of a finished one; a running one must be cancelled first.
    const base = multiple ? rows : rows.filter((row) => row.state !== 'done');
    const checked = picked.map((file) => ({ file, problem: checkFile(file, accept) }));
    const valid = checked.filter((c) => !c.problem).map((c) => c.file);
    const limit = multiple ? (maxFiles ?? Number.POSITIVE_INFINITY) : 1;
    if (base.filter(isKept).length + valid.length > limit) {
      setNotice(t('tooMany', { max: limit }));
      return;
    }
    const pending = base.filter((row) => row.state === 'waiting' || isRunning(row)).map((row) => row.file.size);
    const total = checkTotal([...pending, ...valid.map((f) => f.size)], existingBytes, config?.allFileLimit ?? ALL_FILE_LIMIT);
    if (total) {
      setNotice(t('allFileLimit', { limit: formatFileSize(total.limit) }));
      return;
    }
    const added: Row[] = checked.map(({ file, problem }) => ({
      id: nextId.current++,
      file,
      state: problem ? 'rejected' : 'waiting',
      sent: 0,
      message: problem ? problemText(t, problem) : '',
    }));
    setRows([...base, ...added]);
  }

  function cancel(row: Row) {
    const controller = controllers.current.get(row.id);
    if (controller) controller.abort();
    else update(row.id, { state: 'cancelled', message: t('cancelledNote') });
  }

  function remove(row: Row) {
    setRows((list) => list.filter((r) => r.id !== row.id));
    chooser.current?.focus();
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    add([...(event.dataTransfer?.files ?? [])]);
  }

  const single = !multiple;
  const chooserDisabled = disabled || (single && busy);
  const uploads = rows.filter((row) => row.state !== 'rejected');
  const overallBytes = uploads.reduce((sum, row) => sum + row.file.size, 0);
  const overallSent = uploads.reduce((sum, row) => sum + fraction(row) * row.file.size, 0);
  const overall = overallBytes ? Math.round((overallSent / overallBytes) * 100) : 0;
  const limit = config?.allFileLimit ?? ALL_FILE_LIMIT;
  const types = accept.join(', ');

  return (
    <div className={styles.uploader} role="group" aria-labelledby={labelId}>
      <button
        ref={chooser}
        type="button"
        className={dragging ? `${styles.drop} ${styles.dropActive}` : styles.drop}
        disabled={chooserDisabled}
        aria-describedby={hintId}
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          if (!chooserDisabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => (chooserDisabled ? event.preventDefault() : onDrop(event))}
      >
        <span id={labelId} className={styles.label}>
          {label}
        </span>
        <span className={styles.choose}>{single ? t('chooseOne') : t('choose')}</span>
      </button>
      <p id={hintId} className={styles.hint}>
        {multiple ? t('allowedWithLimit', { types, limit: formatFileSize(limit) }) : t('allowed', { types })}
      </p>
      <input
        ref={input}
        className="sr-only"
        type="file"
        multiple={multiple}
        accept={accept.map((ext) => `.${ext}`).join(',')}
        tabIndex={-1}
        aria-hidden="true"
        disabled={chooserDisabled}
        data-testid="file-uploader-input"
        onChange={(event) => {
          add([...(event.currentTarget.files ?? [])]);
          event.currentTarget.value = '';
        }}
      />
      {notice && (
        <p className={styles.error} role="alert">
          {notice}
        </p>
      )}
      {uploads.length > 1 && (
        <div className={styles.overall}>
          <span>{t('overall', { done: uploads.filter((row) => row.state === 'done').length, count: uploads.length })}</span>
          <progress className={styles.bar} max={100} value={overall} aria-label={t('overallLabel')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={overall} />
        </div>
      )}
      {(notice || rows.some((row) => row.state === 'failed' || row.state === 'rejected')) && (
        <p className={styles.note}>
          <a href={helpArticlePath('uploadErrors')} target="_blank" rel="noopener">
            {t('helpLink')}
          </a>
        </p>
      )}
      {rows.length > 0 && (
        <ul className={styles.rows} aria-label={t('files')}>
          {rows.map((row) => (
            <FileRow key={row.id} row={row} t={t} onCancel={cancel} onRetry={(r) => update(r.id, { state: 'waiting', message: '' })} onRemove={remove} />
          ))}
        </ul>
      )}
    </div>
  );
}

interface FileRowProps {
  row: Row;
  t: ClientT;
  onCancel: (row: Row) => void;
  onRetry: (row: Row) => void;
  onRemove: (row: Row) => void;
}

function FileRow({ row, t, onCancel, onRetry, onRemove }: FileRowProps) {
  const { file, state } = row;
  const percent = Math.round(fraction(row) * 100);
  const failed = state === 'failed' || state === 'rejected';
  const phase = state === 'rejected' ? t('phase.failed') : t(`phase.${state}`, { percent });
  return (
    <li className={styles.row} data-state={state}>
      <div className={styles.rowHead}>
        <span className={styles.name} title={file.name}>
          {file.name}
        </span>
        <span className={styles.size}>{formatFileSize(file.size)}</span>
      </div>
      {state !== 'rejected' && (
        <progress
          className={styles.bar}
          max={100}
          value={percent}
          aria-label={t('progressOf', { name: file.name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        />
      )}
      <div className={styles.rowFoot}>
        <span className={failed ? styles.phaseFailed : styles.phase}>{phase}</span>
        <span className={styles.actions}>
          {(state === 'waiting' || RUNNING.has(state)) && (
            <button type="button" className="btn btn-ghost" aria-label={t('cancelFile', { name: file.name })} onClick={() => onCancel(row)}>
              {t('cancel')}
            </button>
          )}
          {(state === 'failed' || state === 'cancelled') && (
            <button type="button" className="btn btn-secondary" aria-label={t('retryFile', { name: file.name })} onClick={() => onRetry(row)}>
              {t('retry')}
            </button>
          )}
          {(state === 'done' || state === 'failed' || state === 'cancelled' || state === 'rejected') && (
            <button type="button" className="btn btn-ghost" aria-label={t('removeFile', { name: file.name })} onClick={() => onRemove(row)}>
              {t('remove')}
            </button>
          )}
        </span>
      </div>
      {row.message && (
        <p className={failed ? styles.error : styles.note} role={failed ? 'alert' : undefined}>
          {row.message}
        </p>
      )}
    </li>
  );
}
