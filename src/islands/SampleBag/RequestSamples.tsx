import { useEffect, useId, useState } from 'react';
import { addressesApi } from '../../lib/api/sampling-addresses';
import { errorText } from '../../lib/api/client';
import { sampleRequestsApi } from '../../lib/api/sampling-requests';
import type { ShippingAddress } from '../../lib/contracts/sampling-addresses';
import type { SampleItem } from '../../lib/contracts/sampling-bag';
import { NOTE_MAX } from '../../lib/contracts/sampling-requests-rules';
import type { SampleRequestSubmitted } from '../../lib/contracts/sampling-requests';
import type { ClientT } from '../../lib/i18n/client';
import { $sampleBagCount } from '../../lib/stores/sample-bag';
import { DialogActions } from '../shared/ConfirmDialog';
import { Modal } from '../shared/Modal';
import styles from './SampleBag.module.css';

interface Props {
  items: SampleItem[];
  t: ClientT;
  onClose: () => void;
}

const REQUESTS_PATH = '/applyRecordBuyer';

/**
 * The request dialog of the sample bag (docs/product/sampling.md): the chosen samples go out as one request per supplier, to an
 * address picked from the book (the default first) with an optional note. One Idempotency-Key per opened dialog,
 * so pressing submit again after a lost answer cannot request the samples twice. On success the bag badge takes
 * the new count and the buyer lands on their request list.
 */
export function RequestSamples({ items, t, onClose }: Props) {
  const s = (key: string, options?: Record<string, string | number>) => t(`sampleRequest.${key}`, options);
  const [addresses, setAddresses] = useState<ShippingAddress[] | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const noteId = useId();
  const summaryId = useId();

  async function loadAddresses() {
    setError('');
    try {
      const list = (await addressesApi.list()) ?? [];
      setAddresses(list);
      setAddressId((list.find((a) => a.isDefault === 1) ?? list[0])?.id ?? null);
    } catch (e) {
      setAddresses([]);
      setError(errorText(t, e));
    }
  }
  useEffect(() => {
    void loadAddresses();
  }, []);

  const suppliers = new Set(items.map((i) => i.material.supplierInfo.supplierId)).size;
  const unavailable = items.some((i) => !i.available);
  const noteLength = note.trim().length;

  async function submit(event: Event) {
    event.preventDefault();
    if (pending || addressId === null || unavailable || noteLength > NOTE_MAX) return;
    setPending(true);
    setError('');
    try {
      const answer = await sampleRequestsApi.submit({ itemIds: items.map((i) => i.id), addressId, note: note.trim() }, key);
      if (answer) $sampleBagCount.set(answer.count);
      location.assign(REQUESTS_PATH);
      return;
    } catch (e) {
      setError(errorText(t, e));
    }
    setPending(false);
  }

  return (
    <Modal title={s('requestTitle')} onClose={onClose} describedBy={summaryId} wide>
      <form className={styles.requestForm} onSubmit={(e) => void submit(e as unknown as Event)} noValidate>
        <p id={summaryId}>{s('requestSummary', { items: items.length, suppliers })}</p>
        {unavailable && (
          <p className={styles.error} role="alert">
            {s('requestUnavailable')}
          </p>
        )}
        <fieldset className={styles.addresses}>
          <legend>{s('address')}</legend>
          {addresses === null ? (
            <p className={styles.muted} role="status" aria-busy="true">
              {s('loadingAddresses')}
            </p>
          ) : addresses.length === 0 ? (
            <p>
              {s('noAddress')}{' '}
              <a href="/address-book" data-autofocus>
                {s('addAddress')}
              </a>
            </p>
          ) : (
            addresses.map((a) => (
              <label key={a.id} className={styles.addressOption}>
                <input type="radio" name="addressId" value={a.id} checked={addressId === a.id} onChange={() => setAddressId(a.id)} />
                <span>
                  <strong>{a.receiver}</strong> {a.phone}
                  {a.isDefault === 1 && <span className={styles.badge}>{s('defaultAddress')}</span>}
                  <br />
                  {[a.country, a.province, a.city, a.district].filter(Boolean).join(' ')} {a.detail}
                </span>
              </label>
            ))
          )}
        </fieldset>
        <div className={styles.noteField}>
          <label htmlFor={noteId}>{s('noteLabel')}</label>
          <textarea id={noteId} rows={3} value={note} maxLength={NOTE_MAX} placeholder={s('notePlaceholder')} aria-describedby={`${noteId}-count`} onInput={(e) => setNote((e.target as HTMLTextAreaElement).value)} />
          <span id={`${noteId}-count`} className={styles.muted}>
            {s('counter', { count: noteLength, max: NOTE_MAX })}
          </span>
        </div>
        <DialogActions error={error} busy={pending} label={s('submit')} busyLabel={s('submitting')} cancelLabel={s('cancelButton')} onCancel={onClose} disabled={addressId === null || unavailable} />
      </form>
    </Modal>
  );
}
