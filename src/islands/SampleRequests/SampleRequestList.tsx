import { inLanguage } from '../../lib/bilingual';
import { useId, useState, type ReactNode } from 'react';
import { ApiError, errorText } from '../../lib/api/client';
import { sampleRequestsApi } from '../../lib/api/sampling-requests';
import { toast } from '../../lib/api/dialogs';
import {
  CARRIER_MAX,
  COMMON_CARRIERS,
  REJECT_REASON_MAX,
  SAMPLE_REQUEST_PATH,
  TRACKING_NO_PATTERN,
  type SampleRequestAction,
  type SampleRequestSide,
} from '../../lib/contracts/sampling-requests-rules';
import type { SampleRequest } from '../../lib/contracts/sampling-requests';
import { ERROR, ERROR_LEVEL } from '../../lib/errors';
import { createClientT, type ClientT, type Dict } from '../../lib/i18n/client';
import { Modal } from '../shared/Modal';
import { Picture } from '../shared/Picture';
import { formatTime } from '../../lib/format-time';
import styles from './SampleRequests.module.css';

interface Props {
  side: SampleRequestSide;
  requests: SampleRequest[];
  /** `{ sampleRequest, errors }` slices of the page language's messages. */
  messages: Dict;
  lang: string;
  /** The offset the page wrote its times in (docs/product/constants.md#time-zone). */
  offset: string;
}

type Acting = { request: SampleRequest; action: SampleRequestAction };

/** The error's text, and whether the request changed or went meanwhile (a refresh shows where it stands). */
function failure(t: ClientT, error: unknown): { text: string; stale: boolean } {
  return { text: errorText(t, error), stale: error instanceof ApiError && (error.code === ERROR.conflict || error.code === ERROR.empty) };
}

/**
 * Sample requests as cards (docs/product/sampling.md), for the buyer (/applyRecordBuyer) or the supplier (/supplier/apply-record):
 * the samples, where they ship, the timeline of who did what when and what is still ahead, and the viewer's next
 * steps. A step asks for confirmation, or for the reason (reject) or the carrier and tracking number (ship); the
 * server's answer replaces the card, so the badge and timeline always show what was stored.
 */
export default function SampleRequestList({ side, requests: initial, messages, lang, offset }: Props) {
  const t = createClientT(messages);
  const s = (key: string, options?: Record<string, string | number>) => t(`sampleRequest.${key}`, options);
  const [requests, setRequests] = useState(initial);
  const [acting, setActing] = useState<Acting | null>(null);

  const done = (next: SampleRequest, action: SampleRequestAction) => {
    const before = requests.find((r) => r.id === next.id)?.state;
    if (before) moveStateCount(before, next.state);
    setRequests((list) => list.map((r) => (r.id === next.id ? next : r)));
    setActing(null);
    toast(ERROR_LEVEL.info, s(`done.${action}`));
  };

  return (
    <>
      <ol className={styles.list}>
        {requests.map((r) => (
          <li key={r.id}>
            <RequestCard request={r} side={side} s={s} lang={lang} offset={offset} onAct={(action) => setActing({ request: r, action })} />
          </li>
        ))}
      </ol>
      {acting && <ActDialog acting={acting} side={side} t={t} s={s} onDone={done} onClose={() => setActing(null)} />}
    </>
  );
}

/** The state tabs above the list are the page's (StateTabs.astro): a request that changed state moves one count along. */
function moveStateCount(from: string, to: string) {
  if (from === to) return;
  for (const [state, delta] of [
    [from, -1],
    [to, 1],
  ] as const) {
    const count = document.querySelector<HTMLElement>(`[data-request-count="${state}"]`);
    if (count) count.textContent = String(Math.max(0, Number(count.textContent) + delta));
  }
}

type S = (key: string, options?: Record<string, string | number>) => string;

function RequestCard({ request: r, side, s, lang, offset, onAct }: { request: SampleRequest; side: SampleRequestSide; s: S; lang: string; offset: string; onAct: (a: SampleRequestAction) => void }) {
  const titleId = useId();
  const time = (iso: string) => formatTime(iso, lang, offset);
  const reached = new Set(r.events.map((e) => e.state));
  // What is still ahead on the usual path; a rejected, cancelled or received request has nothing ahead.
  const ahead = ['rejected', 'cancelled', 'received'].includes(r.state) ? [] : SAMPLE_REQUEST_PATH.filter((state) => !reached.has(state));
  return (
    <article className={styles.card} aria-labelledby={titleId} data-request-id={r.id} data-state={r.state}>
      <header className={styles.head}>
        <h2 id={titleId} className={styles.number}>
          <span className={styles.label}>{s('requestNo')}</span> {r.requestNo}
        </h2>
        <span className={styles.state} data-state={r.state}>
          {s(`state.${r.state}`)}
        </span>
        <span className={styles.muted}>
          {s('createdAt')} <time dateTime={r.createdAt}>{time(r.createdAt)}</time>
        </span>
        <span className={styles.counterpart}>
          {side === 'buyer' ? (
            <>
              {s('supplier')}: <a href={`/merchant/detail?orgId=${r.supplier.id}`}>{r.supplier.name}</a>
            </>
          ) : (
            <>
              {s('buyer')}: {r.buyer.name}
            </>
          )}
        </span>
      </header>

      <div className={styles.body}>
        <section aria-label={s('items')}>
          <ul className={styles.items}>
            {r.items.map((item, i) => (
              <li key={i} className={styles.item}>
                <span className={styles.cover}>{item.cover ? <Picture image={item.cover} alt="" sizes="56px" /> : null}</span>
                <span className={styles.itemText}>
                  {item.available && item.materialId !== null ? (
                    <a href={`/material/detail?materialId=${item.materialId}${item.categoryId ? `&categoryId=${item.categoryId}` : ''}`}>{item.name}</a>
                  ) : (
                    <span>
                      {item.name} <span className={styles.tag}>{s('unavailable')}</span>
                    </span>
                  )}
                  <span className={styles.muted}>
                    <svg className={styles.swatch} viewBox="0 0 10 10" aria-hidden="true" focusable="false">
                      <circle cx="5" cy="5" r="4.5" fill={item.colorCard.hex} />
                    </svg>
                    {s('color')}: {inLanguage(item.colorCard.name, lang)} · {s('quantity', { count: item.quantity })} · {s('samplePrice')}: {item.samplePrice ?? s('noPrice')}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <dl className={styles.facts}>
          <dt>{s('shipTo')}</dt>
          <dd>
            {r.address.receiver} {r.address.phone}
            <br />
            {r.address.place} {r.address.detail}
            {r.address.postcode ? ` ${r.address.postcode}` : ''}
          </dd>
          {r.note && (
            <>
              <dt>{s('note')}</dt>
              <dd>{r.note}</dd>
            </>
          )}
          {r.rejectReason && (
            <>
              <dt>{s('rejectReason')}</dt>
              <dd>{r.rejectReason}</dd>
            </>
          )}
          {r.carrier && (
            <>
              <dt>{s('carrier')}</dt>
              <dd>{r.carrier}</dd>
              <dt>{s('trackingNo')}</dt>
              <dd className={styles.tracking}>{r.trackingNo}</dd>
            </>
          )}
        </dl>

        <section className={styles.timeline} aria-label={s('timeline')}>
          <h3 className={styles.timelineTitle}>{s('timeline')}</h3>
          <ol>
            {r.events.map((e, i) => (
              <li key={i} className={styles.event} data-state={e.state}>
                <span className={styles.eventName}>{s(`event.${e.state}`)}</span>
                <span className={styles.muted}>
                  {s(`side.${e.side}`)}
                  {e.actorName ? ` · ${e.actorName}` : ''} · <time dateTime={e.at}>{time(e.at)}</time>
                </span>
                {e.detail.reason && <span>{e.detail.reason}</span>}
                {e.detail.carrier && (
                  <span>
                    {e.detail.carrier} {e.detail.trackingNo}
                  </span>
                )}
              </li>
            ))}
            {ahead.map((state) => (
              <li key={state} className={`${styles.event} ${styles.ahead}`} data-state={state}>
                <span className={styles.eventName}>{s(`event.${state}`)}</span>
                <span className={styles.muted}>{s('pending')}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>

      {r.actions.length > 0 && (
        <div className={styles.actions}>
          {r.actions.map((action) => (
            <button
              key={action}
              type="button"
              className={action === 'reject' || action === 'cancel' ? 'btn btn-secondary' : 'btn btn-primary'}
              aria-label={s('actionLabel', { action: s(`action.${action}`), no: r.requestNo })}
              onClick={() => onAct(action)}
            >
              {s(`action.${action}`)}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}

function ActDialog({ acting, side, t, s, onDone, onClose }: { acting: Acting; side: SampleRequestSide; t: ClientT; s: S; onDone: (r: SampleRequest, a: SampleRequestAction) => void; onClose: () => void }) {
  const { request, action } = acting;
  const textId = useId();
  const reasonId = useId();
  const carrierId = useId();
  const trackingId = useId();
  const listId = useId();
  const [reason, setReason] = useState('');
  const [carrier, setCarrier] = useState('');
  const [tracking, setTracking] = useState('');
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<{ text: string; stale: boolean } | null>(null);

  const problems: Record<string, string> = {};
  if (action === 'reject') {
    if (!reason.trim()) problems.reason = s('required');
    else if (reason.trim().length > REJECT_REASON_MAX) problems.reason = s('tooLong', { max: REJECT_REASON_MAX });
  }
  if (action === 'ship') {
    if (!carrier.trim()) problems.carrier = s('required');
    else if (carrier.trim().length > CARRIER_MAX) problems.carrier = s('tooLong', { max: CARRIER_MAX });
    if (!tracking.trim()) problems.trackingNo = s('required');
    else if (!TRACKING_NO_PATTERN.test(tracking.trim())) problems.trackingNo = s('invalidTracking');
  }
  const shown = (field: string) => (touched[field] ? problems[field] : undefined);
  /** A field's control: tied to its hint and its error, and checked once it has been left. */
  const controlOf = (id: string, field: string) => ({
    id,
    'aria-invalid': shown(field) ? ('true' as const) : undefined,
    'aria-describedby': `${id}-hint ${id}-error`,
    onBlur: () => setTouched((v) => ({ ...v, [field]: true })),
  });

  async function submit(event: Event) {
    event.preventDefault();
    if (pending) return;
    if (Object.keys(problems).length > 0) {
      setTouched({ reason: true, carrier: true, trackingNo: true });
      document.getElementById(problems.reason ? reasonId : problems.carrier ? carrierId : trackingId)?.focus();
      return;
    }
    setPending(true);
    setError(null);
    const body = action === 'reject' ? { id: request.id, reason: reason.trim() } : action === 'ship' ? { id: request.id, carrier: carrier.trim(), trackingNo: tracking.trim() } : { id: request.id };
    try {
      const next = await sampleRequestsApi.move(side, action, body);
      if (next) onDone(next, action);
    } catch (e) {
      setError(failure(t, e));
    }
    setPending(false);
  }

  const title = action === 'reject' ? s('rejectTitle') : action === 'ship' ? s('shipTitle') : s(`action.${action}`);
  return (
    <Modal title={title} onClose={onClose} {...(action === 'reject' || action === 'ship' ? {} : { describedBy: textId })}>
      <form className={styles.form} onSubmit={(e) => void submit(e as unknown as Event)} noValidate>
        <p id={textId} className={styles.muted}>
          {action === 'accept' || action === 'cancel' || action === 'receive' ? s(`confirm.${action}`, { no: request.requestNo }) : `${s('requestNo')} ${request.requestNo}`}
        </p>
        {action === 'reject' && (
          <ActField id={reasonId} label={s('reasonLabel')} hint={`${s('reasonHint')} · ${s('counter', { count: reason.trim().length, max: REJECT_REASON_MAX })}`} error={shown('reason')}>
            <textarea
              {...controlOf(reasonId, 'reason')}
              rows={4}
              value={reason}
              maxLength={REJECT_REASON_MAX}
              onInput={(e) => setReason((e.target as HTMLTextAreaElement).value)}
              data-autofocus
            />
          </ActField>
        )}
        {action === 'ship' && (
          <>
            <ActField id={carrierId} label={s('carrierLabel')} hint={s('carrierHint')} error={shown('carrier')}>
              <input {...controlOf(carrierId, 'carrier')} list={listId} value={carrier} maxLength={CARRIER_MAX} autoComplete="off" onInput={(e) => setCarrier((e.target as HTMLInputElement).value)} data-autofocus />
              <datalist id={listId}>
                {COMMON_CARRIERS.map((c) => (
                  <option key={c} value={c} />
                ))}
              </datalist>
            </ActField>
            <ActField id={trackingId} label={s('trackingLabel')} hint={s('trackingHint')} error={shown('trackingNo')}>
              <input {...controlOf(trackingId, 'trackingNo')} value={tracking} maxLength={40} autoComplete="off" spellCheck={false} onInput={(e) => setTracking((e.target as HTMLInputElement).value)} />
            </ActField>
          </>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error.text}{' '}
            {error.stale && (
              <button type="button" className={styles.linkButton} onClick={() => location.reload()}>
                {s('refresh')}
              </button>
            )}
          </p>
        )}
        <div className={styles.dialogActions}>
          <button type="button" className="btn btn-secondary" onClick={onClose} {...(action === 'reject' || action === 'ship' ? {} : { 'data-autofocus': true })}>
            {s('cancelButton')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={pending}>
            {pending ? s('submitting') : action === 'reject' || action === 'ship' ? s(`action.${action}`) : s('ok')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** A field of the act dialog: its label, the control, a hint and the error (an empty span until there is one). */
function ActField({ id, label, hint, error, children }: { id: string; label: string; hint: string; error: string | undefined; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      {children}
      <span id={`${id}-hint`} className={styles.hint}>
        {hint}
      </span>
      <span id={`${id}-error`} className={styles.error}>
        {error}
      </span>
    </div>
  );
}
