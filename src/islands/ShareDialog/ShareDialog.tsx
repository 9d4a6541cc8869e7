import { useStore } from '@nanostores/react';
import { useId, useRef, useState } from 'react';
import { track } from '../../lib/analytics';
import { errorText } from '../../lib/api/client';
import { USAGE_EVENTS } from '../../lib/contracts/analytics-rules';
import { toast } from '../../lib/api/dialogs';
import { sharesApi } from '../../lib/api/sharing';
import { SHARE_INTRO_MAX, VALIDITY_TYPES, type ValidityType, type ViewRange } from '../../lib/contracts/sharing-rules';
import type { ColorBookShareRequest, MaterialBookShareRequest, ShareCreated, ShareCreateRequest } from '../../lib/contracts/sharing';
import { ERROR_LEVEL } from '../../lib/errors';
import { browserOffset, formatTime } from '../../lib/format-time';
import type { ClientT } from '../../lib/i18n/client';
import { $chosenColorCard } from '../../lib/stores/color-card';
import { DialogActions } from '../shared/ConfirmDialog';
import { Modal } from '../shared/Modal';
import styles from './ShareDialog.module.css';

/**
 * What a share button shares. A material's detail offers the material, and to its own supplier also the color card
 * being looked at; `canSync`: live updates are possible (the sharer's own material, not on the market). A
 * color-card book names whose books it is among (`userType` 1 the person's, 2 their company's), which picks the path.
 * A material book is one of the caller's company's, on the market (the server refuses it otherwise).
 */
export type ShareTarget =
  | { kind: 'material'; materialId: number; supplier: boolean; canSync: boolean; colorCards: { id: number; name: string }[] }
  | { kind: 'folder'; folderId: number; materials: { id: number; name: string }[] }
  | { kind: 'colorBook'; bookId: number; name: string; userType: 1 | 2 }
  | { kind: 'materialBook'; bookId: number; name: string };

type What = 'material' | 'colorCard' | 'folder' | 'materials' | 'colorBook' | 'materialBook';
type Settings = { type: 1 | 2; validityType: ValidityType; viewRange: ViewRange; isSync: 0 | 1; introduce: string; what: What };

const firstWhat = (target: ShareTarget): What => (target.kind === 'material' ? 'material' : target.kind);

/**
 * The share dialog: validity, view range, public or with a code, live update where it
 * applies, an introduction; then the link with copy, the code read-only, and the QR code. Generating twice with the
 * same settings answers the same share (one Idempotency-Key per settings); changing a setting after that makes the
 * next link a new share (a password share gets a new code). After a copy the type goes back to public.
 */
export default function ShareDialog({ target, t, lang, onClose }: { target: ShareTarget; t: ClientT; lang: string; onClose: () => void }) {
  const chosenCard = useStore($chosenColorCard);
  const [settings, setSettings] = useState<Settings>({ type: 1, validityType: 1, viewRange: 1, isSync: 0, introduce: '', what: firstWhat(target) });
  // Several of a folder's materials, shared on their own (a multi-material share).
  const [picked, setPicked] = useState<number[]>([]);
  const [result, setResult] = useState<(ShareCreated & { for: string }) | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const keys = useRef(new Map<string, string>());
  // Generating again with the same settings answers the same share: it is counted once.
  const counted = useRef(new Set<string>());
  const introId = useId();
  const linkId = useId();
  const supplier = target.kind === 'material' && target.supplier;
  const cards = target.kind === 'material' ? target.colorCards : [];
  const cardId = cards.find((c) => c.id === chosenCard)?.id ?? cards[0]?.id ?? null;

  const body = (): ShareCreateRequest => {
    const common = { type: settings.type, validityType: settings.validityType, viewRange: settings.viewRange, isSync: settings.isSync, introduce: settings.introduce.trim() };
    if (target.kind === 'colorBook') return { kind: 'colorBook', colorBookId: target.bookId, ...common };
    if (target.kind === 'materialBook') return { kind: 'materialBook', materialBookId: target.bookId, ...common };
    if (target.kind === 'folder' && settings.what === 'materials') return { kind: 'materials', materialIds: picked, ...common, isSync: 0 };
    if (target.kind === 'folder') return { kind: 'folder', folderId: target.folderId, ...common };
    if (settings.what === 'colorCard' && cardId !== null) return { kind: 'colorCard', colorCardId: cardId, ...common, isSync: 0 };
    return { kind: 'material', materialIds: [target.materialId], ...common };
  };
  /** A book is shared through its own call; a color-card book's on the path of the role whose books it is. */
  const send = (request: ShareCreateRequest, key: string) => {
    if (request.kind === 'materialBook') {
      const { materialBookId, type, validityType, viewRange, isSync, introduce } = request;
      const bookRequest: MaterialBookShareRequest = { collectionId: materialBookId, type, validityType, viewRange, isSync, introduce };
      return sharesApi.createForMaterialBook(bookRequest, key);
    }
    if (target.kind !== 'colorBook' || request.kind !== 'colorBook') return sharesApi.create(request, key);
    const { colorBookId, type, validityType, viewRange, isSync, introduce } = request;
    const bookRequest: ColorBookShareRequest = { relateId: colorBookId, type, validityType, viewRange, isSync, introduce };
    return sharesApi.createForColorBook(bookRequest, target.userType, key);
  };
  const fingerprint = JSON.stringify(body());
  const stale = result !== null && result.for !== fingerprint;
  const tooFewPicked = settings.what === 'materials' && picked.length < 2;
  const change = (patch: Partial<Settings>) => setSettings((s) => ({ ...s, ...patch }));

  async function generate() {
    if (pending || settings.introduce.trim().length > SHARE_INTRO_MAX || tooFewPicked) return;
    setPending(true);
    setError('');
    let key = keys.current.get(fingerprint);
    if (!key) keys.current.set(fingerprint, (key = crypto.randomUUID()));
    try {
      const request = body();
      const created = await send(request, key);
      if (created) setResult({ ...created, for: fingerprint });
      if (created && !counted.current.has(created.shareId)) {
        counted.current.add(created.shareId);
        const materials = request.kind === 'materials' ? request.materialIds.length : request.kind === 'folder' && target.kind === 'folder' ? target.materials.length : request.kind === 'material' || request.kind === 'colorCard' ? 1 : 0;
        track({ event: USAGE_EVENTS.shareCreate, properties: { kind: request.kind, type: request.type ?? 1, materials } });
      }
    } catch (e) {
      setError(errorText(t, e));
    }
    setPending(false);
  }

  async function copy() {
    if (!result) return;
    const text = result.code ? `${result.url} ${t('share.codeLine', { code: result.code })}` : result.url;
    if (!navigator.clipboard?.writeText) return toast(ERROR_LEVEL.error, t('share.copy_fail_browser_low'));
    try {
      await navigator.clipboard.writeText(text);
      toast(ERROR_LEVEL.info, t('share.copy_success'));
      change({ type: 1 });
    } catch {
      toast(ERROR_LEVEL.error, t('share.copy_fail_no_valid'));
    }
  }

  const radios = <V extends string | number>(name: string, legend: string, value: V, options: { value: V; label: string }[], onPick: (v: V) => void) => (
    <fieldset className={styles.group}>
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={String(o.value)} className={styles.option}>
          <input type="radio" name={name} checked={value === o.value} onChange={() => onPick(o.value)} />
          {o.label}
        </label>
      ))}
    </fieldset>
  );

  const imageHref = result ? sharesApi.imageUrl(result.shareId) : '';
  return (
    <Modal title={t('share.dialogTitle')} onClose={onClose} wide>
      <form
        className={styles.form}
        onSubmit={(e) => {
          e.preventDefault();
          void generate();
        }}
      >
        {target.kind === 'colorBook' && <p className={styles.subject}>{t('share.whatColorBook', { name: target.name })}</p>}
        {target.kind === 'materialBook' && <p className={styles.subject}>{t('share.whatMaterialBook', { name: target.name })}</p>}
        {supplier &&
          cards.length > 0 &&
          radios('what', t('share.what'), settings.what, [
            { value: 'material', label: t('share.whatMaterial') },
            { value: 'colorCard', label: t('share.whatColorCard', { name: cards.find((c) => c.id === cardId)?.name ?? '' }) },
          ], (what) => change({ what }))}
        {target.kind === 'folder' &&
          target.materials.length >= 2 &&
          radios('what', t('share.what'), settings.what, [
            { value: 'folder', label: t('share.whatFolder') },
            { value: 'materials', label: t('share.whatMaterials') },
          ], (what) => change({ what }))}
        {target.kind === 'folder' && settings.what === 'materials' && (
          <fieldset className={styles.picks}>
            <legend>{t('share.pick', { count: picked.length })}</legend>
            {target.materials.map((m) => (
              <label key={m.id} className={styles.option}>
                <input
                  type="checkbox"
                  checked={picked.includes(m.id)}
                  onChange={(e) => setPicked((list) => ((e.target as HTMLInputElement).checked ? [...list, m.id] : list.filter((id) => id !== m.id)))}
                />
                {m.name}
              </label>
            ))}
            {tooFewPicked && <p className={styles.muted}>{t('share.pickTwo')}</p>}
          </fieldset>
        )}
        {radios('validity', t('share.validity'), settings.validityType, VALIDITY_TYPES.map((v) => ({ value: v, label: t(`share.validityType.${v}`) })), (validityType) => change({ validityType }))}
        {radios('range', t('share.viewRange'), settings.viewRange, [
          { value: 1 as ViewRange, label: t('share.viewAll') },
          { value: 3 as ViewRange, label: t('share.viewSignedIn') },
        ], (viewRange) => change({ viewRange }))}
        {radios('type', t('share.type'), settings.type, [
          { value: 1 as const, label: t('share.typePublic') },
          { value: 2 as const, label: t('share.typePassword') },
        ], (type) => change({ type }))}
        {((target.kind === 'material' && target.canSync && settings.what === 'material') || settings.what === 'folder' || settings.what === 'colorBook' || settings.what === 'materialBook') && (
          <label className={styles.option}>
            <input type="checkbox" checked={settings.isSync === 1} onChange={(e) => change({ isSync: (e.target as HTMLInputElement).checked ? 1 : 0 })} />
            {settings.what === 'colorBook' ? t('share.bookSync') : settings.what === 'materialBook' ? t('share.materialBookSync') : t('share.sync')}
          </label>
        )}
        <div className={styles.field}>
          <label htmlFor={introId}>{t('share.introduce')}</label>
          <textarea id={introId} rows={2} maxLength={SHARE_INTRO_MAX} value={settings.introduce} placeholder={t('share.introducePlaceholder')} aria-describedby={`${introId}-count`} onChange={(e) => change({ introduce: e.target.value })} />
          <span id={`${introId}-count`} className={styles.muted}>
            {settings.introduce.trim().length}/{SHARE_INTRO_MAX}
          </span>
        </div>
        <DialogActions
          error={error}
          busy={pending}
          label={result ? t('share.regenerate') : t('share.generate')}
          busyLabel={t('share.generating')}
          cancelLabel={t('share.close')}
          onCancel={onClose}
          disabled={tooFewPicked || (result !== null && !stale)}
        />
      </form>

      {result && (
        <section className={stale ? `${styles.result} ${styles.stale}` : styles.result} aria-label={t('share.result')} aria-live="polite">
          {stale && <p className={styles.muted}>{t('share.staleHint')}</p>}
          <div className={styles.resultBody}>
            <img className={styles.qr} src={sharesApi.qrUrl(result.shareId)} width={132} height={132} alt={t('share.qrAlt')} />
            <div className={styles.linkBox}>
              <label htmlFor={linkId}>{t('share.link')}</label>
              <input id={linkId} readOnly value={result.url} onFocus={(e) => (e.target as HTMLInputElement).select()} />
              {result.code && (
                <p className={styles.code}>
                  {t('share.codeLabel')}: <output aria-label={t('share.codeLabel')}>{result.code}</output>
                </p>
              )}
              <p className={styles.muted}>{result.expiresAt ? t('share.expiresOn', { date: formatTime(result.expiresAt, lang, browserOffset()) }) : t('share.permanent')}</p>
              <div className={styles.linkActions}>
                <button type="button" className="btn btn-primary" onClick={() => void copy()}>
                  {result.code ? t('share.copyWithCode') : t('share.copy')}
                </button>
                <a className="btn btn-secondary" href={imageHref} download={`share-${result.shareId}.png`}>
                  {t('share.downloadImage')}
                </a>
              </div>
            </div>
            <img className={styles.card} src={imageHref} width={120} alt={t('share.imageAlt')} loading="lazy" />
          </div>
        </section>
      )}
    </Modal>
  );
}
