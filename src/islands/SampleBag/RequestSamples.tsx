import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { track } from '../../lib/analytics';
import { addressesApi } from '../../lib/api/sampling-addresses';
import { USAGE_EVENTS } from '../../lib/contracts/analytics-rules';
import { errorText } from '../../lib/api/client';
import { sampleRequestsApi } from '../../lib/api/sampling-requests';
import { ADDRESS_LIMIT } from '../../lib/contracts/sampling-addresses-rules';
import type { ShippingAddress } from '../../lib/contracts/sampling-addresses';
import type { SampleItem } from '../../lib/contracts/sampling-bag';
import { NOTE_MAX } from '../../lib/contracts/sampling-requests-rules';
import type { SampleRequestSubmitted } from '../../lib/contracts/sampling-requests';
import type { ClientT } from '../../lib/i18n/client';
import { $sampleBagCount } from '../../lib/stores/sample-bag';
import { AddressForm } from '../shared/address/AddressForm';
import { placeText } from '../shared/address/format';
import { DialogActions } from '../shared/ConfirmDialog';
import { Modal } from '../shared/Modal';
import styles from './SampleBag.module.css';

interface Props {
  items: SampleItem[];
  /** Translates the `sampleRequest`, `addressBook` and `errors` slices. */
  t: ClientT;
  lang: string;
  onClose: () => void;
}

const REQUESTS_PATH = '/applyRecordBuyer';

/**
 * The request dialog of the sample bag (docs/product/sampling.md): the chosen samples go out as one request per supplier, to an
 * address picked from the book (the default first) with an optional note. A new address is added right here, with
 * the address book's form, and comes back chosen; the note and everything else typed stays. One Idempotency-Key
 * per opened dialog, so pressing submit again after a lost answer cannot request the samples twice. On success the
 * bag badge takes the new count and the buyer lands on their request list.
 */
export function RequestSamples({ items, t, lang, onClose }: Props) {
  const s = (key: string, options?: Record<string, string | number>) => t(`sampleRequest.${key}`, options);
  const [addresses, setAddresses] = useState<ShippingAddress[] | null>(null);
  const [addressId, setAddressId] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState('');
  const [key] = useState(() => crypto.randomUUID());
  const noteId = useId();
  const summaryId = useId();
  const addTitleId = useId();
  const addSection = useRef<HTMLElement>(null);
  const requestForm = useRef<HTMLFormElement>(null);
  /** Where focus goes when the address form closes: the new address, or back to the button that opened it. */
  const focusAfterAdding = useRef<string | null>(null);

  /** The book, choosing `chosen` when given, else the default (or the first). */
  async function loadAddresses(chosen?: number) {
    setError('');
    try {
      const list = (await addressesApi.list()) ?? [];
      setAddresses(list);
      setAddressId((list.find((a) => a.id === chosen) ?? list.find((a) => a.isDefault === 1) ?? list[0])?.id ?? null);
    } catch (e) {
      setAddresses((list) => list ?? []);
      setError(errorText(t, e));
    }
  }
  useEffect(() => {
    void loadAddresses();
  }, []);

  useEffect(() => {
    if (adding) {
      addSection.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus();
      return;
    }
    const target = focusAfterAdding.current;
    focusAfterAdding.current = null;
    if (target) requestForm.current?.querySelector<HTMLElement>(target)?.focus();
  }, [adding]);

  function startAdding() {
    setAdded('');
    setAdding(true);
  }
  function stopAdding() {
    focusAfterAdding.current = '[data-address-add]';
    setAdding(false);
  }
  async function addressSaved(saved: ShippingAddress) {
    // Shown at once and chosen even if reading the book again fails; the reload brings the server's order.
    setAddresses((list) => [...(list ?? []).filter((a) => a.id !== saved.id), saved]);
    setAddressId(saved.id);
    setAdded(s('addressAdded', { receiver: saved.receiver }));
    focusAfterAdding.current = `input[name="addressId"][value="${saved.id}"]`;
    setAdding(false);
    await loadAddresses(saved.id);
  }
  // Escape leaves the address form, not the whole request: the dialog would close and take the note with it.
  function keepDialog(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    event.stopPropagation();
    stopAdding();
  }

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
      if (answer) {
        $sampleBagCount.set(answer.count);
        // Sent as the page is left, with the usage events' beacon.
        track({ event: USAGE_EVENTS.sampleRequestSubmit, properties: { requests: answer.requestIds.length, samples: items.length } });
      }
      location.assign(REQUESTS_PATH);
      return;
    } catch (e) {
      setError(errorText(t, e));
    }
    setPending(false);
  }

  const canAdd = addresses !== null && addresses.length < ADDRESS_LIMIT;
  return (
    <Modal title={s('requestTitle')} onClose={onClose} describedBy={summaryId} wide>
      <p id={summaryId} className={styles.requestSummary}>
        {s('requestSummary', { items: items.length, suppliers })}
      </p>
      {adding && (
        // The address form is a form of its own, so it sits beside the request's form rather than inside it.
        <section ref={addSection} className={styles.addAddress} aria-labelledby={addTitleId} onKeyDown={keepDialog}>
          <h3 id={addTitleId}>{t('addressBook.form.addTitle')}</h3>
          <AddressForm t={t} lang={lang} address={null} onSaved={(saved) => void addressSaved(saved)} onCancel={stopAdding} />
        </section>
      )}
      <form ref={requestForm} className={styles.requestForm} hidden={adding} onSubmit={(e) => void submit(e as unknown as Event)} noValidate>
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
            <p>{s('noAddress')}</p>
          ) : (
            addresses.map((a) => (
              <label key={a.id} className={styles.addressOption}>
                <input type="radio" name="addressId" value={a.id} checked={addressId === a.id} onChange={() => setAddressId(a.id)} />
                <span>
                  <strong>{a.receiver}</strong> {a.phone}
                  {a.isDefault === 1 && <span className={styles.badge}>{s('defaultAddress')}</span>}
                  <br />
                  {placeText(a, lang)} {a.detail}
                </span>
              </label>
            ))
          )}
          {canAdd && (
            <button type="button" className={`btn btn-ghost ${styles.addAddressButton}`} data-address-add data-autofocus={addresses.length === 0 ? true : undefined} onClick={startAdding}>
              {s('addAddress')}
            </button>
          )}
        </fieldset>
        <p className={styles.added} role="status">
          {added}
        </p>
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
