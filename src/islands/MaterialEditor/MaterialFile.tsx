import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ApiError, messageFor } from '../../lib/api/client';
import { materialFileApi } from '../../lib/api/material-files';
import { defaultFileSettings, type BoundMaterialFile } from '../../lib/contracts/material-edit';
import { MAP_KINDS, MATERIAL_FILE_PARSERS, PARSER_EXTENSIONS, type MaterialFileParser, type MaterialFileRead } from '../../lib/contracts/material-files';
import { ERROR } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';
import { controlId } from '../../lib/material-editor';
import { extensionOf } from '../../lib/upload/limits';
import { formStyles } from '../shared/forms';
import { Modal } from '../shared/Modal';
import FileUploader, { type UploadMessages } from '../shared/upload/FileUploader';
import styles from './MaterialEditor.module.css';

/** Every extension some reader takes: what the file picker offers. */
const ACCEPT = [...new Set(Object.values(PARSER_EXTENSIONS).flat())];
/** How often a reading in progress is asked about; a reading takes a second or two, a large file longer. */
const POLL_MS = 1000;

/** The readers that take a file name's extension, in the order they are offered (the first is the default). */
export function parsersFor(fileName: string): MaterialFileParser[] {
  const ext = extensionOf(fileName) ?? '';
  return MATERIAL_FILE_PARSERS.filter((p) => PARSER_EXTENSIONS[p].includes(ext));
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'reading'; fileName: string }
  | { kind: 'proposing'; read: MaterialFileRead & { material: NonNullable<MaterialFileRead['material']> } }
  | { kind: 'failed'; message: string };

interface Props {
  file: BoundMaterialFile | null;
  t: ClientT;
  uploadMessages: UploadMessages;
  errors: (path: string) => string[];
  /** Binds a read file; `colors` are the proposed colors the supplier accepted (none for a file that proposes none). */
  onBind: (file: BoundMaterialFile, colors: { name: string; hex: string }[]) => void;
  onUnbind: () => void;
  onSettings: (settings: BoundMaterialFile['settings']) => void;
  onBusyChange: (busy: boolean) => void;
  /** Shown under the bound file: the saved file's renders. */
  children?: ReactNode;
}

/**
 * The material file in the editor (docs/product/material-files.md#binding-a-file): upload, read in the background
 * while the supplier waits, then a dialog with the colors the file proposes — accepted, the file is bound and the
 * colors become color cards bound to it; declined, the reading ends with -1000 and nothing changes. A bound file
 * shows what it holds, and its settings (which maps, tile size) are edited here and saved with the form.
 */
export function MaterialFile({ file, t, uploadMessages, errors, onBind, onUnbind, onSettings, onBusyChange, children }: Props) {
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [pending, setPending] = useState<{ relativePath: string; fileName: string; parsers: MaterialFileParser[] } | null>(null);
  const [parser, setParser] = useState<MaterialFileParser>('u3m');
  const [notice, setNotice] = useState('');
  const alive = useRef(true);
  useEffect(() => () => void (alive.current = false), []);
  useEffect(() => onBusyChange(phase.kind === 'reading'), [phase.kind]);

  const fail = (error: unknown) => {
    if (!alive.current) return;
    setPhase({ kind: 'failed', message: error instanceof ApiError ? messageFor(t, error.code, error.message) : messageFor(t, ERROR.unknown, undefined) });
  };

  async function read(relativePath: string, fileName: string, chosen: MaterialFileParser) {
    setPending(null);
    setNotice('');
    setPhase({ kind: 'reading', fileName });
    try {
      const started = await materialFileApi.read(chosen, { relativePath, fileName }, { silent: true });
      if (!started) return;
      for (;;) {
        const result = await materialFileApi.result(started.id, { silent: true });
        if (!alive.current || !result) return;
        if (result.state === 'failed') return setPhase({ kind: 'failed', message: t('editor.file.failed', { message: result.message || t('editor.file.unknownError'), code: result.code ?? '' }) });
        if (result.state === 'done' && result.material) {
          if (result.material.colors.length === 0) {
            // Nothing to adjust: the file is bound as it is, and the supplier is told it proposes no color.
            onBind({ readId: result.id, fileName: result.fileName, material: result.material, settings: defaultFileSettings(result.material) }, []);
            setNotice(result.message);
            return setPhase({ kind: 'idle' });
          }
          return setPhase({ kind: 'proposing', read: { ...result, material: result.material } });
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    } catch (error) {
      fail(error);
    }
  }

  function uploaded(relativePath: string, fileName: string) {
    const parsers = parsersFor(fileName);
    if (parsers.length === 1) return void read(relativePath, fileName, parsers[0]!);
    // A .zip may be a U3M package, an xTex or a color-card zip: the supplier says which.
    setParser(parsers[0] ?? 'u3m');
    setPending({ relativePath, fileName, parsers });
  }

  async function decline(read: MaterialFileRead) {
    setPhase({ kind: 'idle' });
    try {
      const declined = await materialFileApi.decline(read.id, { silent: true });
      if (declined && alive.current) setNotice(declined.message);
    } catch (error) {
      fail(error);
    }
  }

  const id = controlId('materialFileReadId');
  const problems = [...errors('materialFileReadId'), ...MAP_KINDS.flatMap((_, i) => errors(`materialFileSettings.maps[${i}]`))];
  const sizeId = (which: string) => controlId(`materialFileSettings.${which}`);
  return (
    <fieldset className={styles.section} id={id} tabIndex={-1} aria-describedby={problems.length ? `${id}-error` : undefined}>
      <legend>{t('editor.file.legend')}</legend>
      <p className={styles.muted}>{t('editor.file.hint')}</p>
      {file && (
        <div className={styles.fileSummary}>
          <p>
            <strong>{t('editor.file.bound', { name: file.fileName })}</strong>
            <span className={styles.muted}> · {t('editor.file.format', { format: t(`editor.file.formats.${file.material.format}`, { defaultValue: file.material.format }), version: file.material.version })}</span>
          </p>
          {file.material.maps.front.length === 0 ? (
            <p className={styles.muted}>{t('editor.file.noMaps')}</p>
          ) : (
            <fieldset className={styles.choiceGroup}>
              <legend>{t('editor.file.useMaps')}</legend>
              <div className={styles.choices}>
                {file.material.maps.front.map((kind) => (
                  <label key={kind} className={styles.choice}>
                    <input
                      type="checkbox"
                      checked={file.settings.maps.includes(kind)}
                      onChange={(e) => onSettings({ ...file.settings, maps: e.target.checked ? [...file.settings.maps, kind] : file.settings.maps.filter((k) => k !== kind) })}
                    />
                    {t(`editor.file.mapNames.${kind}`)}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          <div className={styles.grid}>
            {(['widthCm', 'heightCm'] as const).map((which) => (
              <div key={which} className={formStyles.field}>
                <label htmlFor={sizeId(which)}>{t(`editor.file.${which}`)}</label>
                <input
                  id={sizeId(which)}
                  type="number"
                  inputMode="decimal"
                  min={0.1}
                  max={1000}
                  step={0.1}
                  value={file.settings[which]}
                  aria-describedby={`${sizeId(which)}-hint`}
                  onChange={(e) => onSettings({ ...file.settings, [which]: e.target.value === '' ? 0 : Number(e.target.value) })}
                />
                <p id={`${sizeId(which)}-hint`} className={formStyles.hint}>
                  {t('editor.file.sizeHint')}
                </p>
              </div>
            ))}
          </div>
          <div className={styles.fileActions}>
            <button type="button" className="btn btn-secondary" onClick={onUnbind}>
              {t('editor.file.remove')}
            </button>
          </div>
        </div>
      )}
      {children}
      {pending && (
        <div className={styles.group}>
          <label htmlFor={controlId('materialFileParser')}>{t('editor.file.kind', { name: pending.fileName })}</label>
          <select id={controlId('materialFileParser')} value={parser} onChange={(e) => setParser(e.target.value as MaterialFileParser)}>
            {pending.parsers.map((p) => (
              <option key={p} value={p}>
                {t(`editor.file.formats.${p}`)}
              </option>
            ))}
          </select>
          <button type="button" className="btn btn-primary" onClick={() => void read(pending.relativePath, pending.fileName, parser)}>
            {t('editor.file.read')}
          </button>
        </div>
      )}
      <div role="status" className={styles.fileStatus}>
        {phase.kind === 'reading' && <p>{t('editor.file.reading', { name: phase.fileName })}</p>}
        {notice && <p>{notice}</p>}
      </div>
      {phase.kind === 'failed' && (
        <p role="alert" className={styles.error}>
          {phase.message}
        </p>
      )}
      <FileUploader accept={ACCEPT} label={file ? t('editor.file.replace') : t('editor.file.upload')} messages={uploadMessages} disabled={phase.kind === 'reading'} onUploaded={(f, source) => uploaded(f.relativePath, source.name)} />
      {problems.length > 0 && (
        <p id={`${id}-error`} className={styles.error}>
          {problems.join(' ')}
        </p>
      )}
      {phase.kind === 'proposing' && (
        <Modal title={t('editor.file.proposeTitle')} describedBy="material-file-propose" onClose={() => void decline(phase.read)}>
          <p id="material-file-propose">{t('editor.file.proposeText', { name: phase.read.fileName })}</p>
          <ul className={styles.proposed}>
            {phase.read.material.colors.map((c) => (
              <li key={`${c.name}-${c.hex}`}>
                <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true" focusable="false">
                  <rect x="0.5" y="0.5" width="23" height="23" rx="4" fill={c.hex} stroke="currentColor" strokeOpacity="0.25" />
                </svg>
                <span>{c.name}</span>
                <code>{c.hex}</code>
              </li>
            ))}
          </ul>
          {phase.read.material.physicalSize && <p className={styles.muted}>{t('editor.file.size', { width: phase.read.material.physicalSize.widthCm, height: phase.read.material.physicalSize.heightCm })}</p>}
          <div className="button-row">
            <button
              type="button"
              className="btn btn-primary"
              data-autofocus
              onClick={() => {
                const { read } = phase;
                onBind({ readId: read.id, fileName: read.fileName, material: read.material, settings: defaultFileSettings(read.material) }, read.material.colors);
                setPhase({ kind: 'idle' });
                setNotice(t('editor.file.accepted', { count: read.material.colors.length }));
              }}
            >
              {t('editor.file.accept')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => void decline(phase.read)}>
              {t('editor.file.decline')}
            </button>
          </div>
        </Modal>
      )}
    </fieldset>
  );
}
