import { useEffect, useState } from 'react';
import { addressesApi } from '../../lib/api/sampling-addresses';
import { errorText } from '../../lib/api/client';
import { ADDRESS_LIMIT } from '../../lib/contracts/sampling-addresses-rules';
import type { ShippingAddress } from '../../lib/contracts/sampling-addresses';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { AddressForm } from '../shared/address/AddressForm';
import { maskPhone, placeText } from '../shared/address/format';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { Modal } from '../shared/Modal';
import styles from './AddressBook.module.css';

interface Props {
  /** The `addressBook` and `errors` slices of the page language's messages. */
  messages: Dict;
  lang: string;
}

type Editing = { address: ShippingAddress | null } | null;

/**
 * The buyer's address book (/address-book): cards with the default first, adding and editing in a dialog, setting
 * the default, removing after a confirmation. The list is the server's after every change.
 */
export default function AddressBook({ messages, lang }: Props) {
  const t = createClientT(messages);
  const [addresses, setAddresses] = useState<ShippingAddress[] | null>(null);
  const [loadError, setLoadError] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<ShippingAddress | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  async function load() {
    setLoadError('');
    try {
      setAddresses((await addressesApi.list()) ?? []);
    } catch (e) {
      setLoadError(errorText(t, e));
    }
  }
  useEffect(() => {
    void load();
  }, []);

  async function act(call: () => Promise<unknown>, done: string) {
    if (pending) return;
    setPending(true);
    setError('');
    setStatus('');
    try {
      await call();
      await load();
      setStatus(done);
    } catch (e) {
      setError(errorText(t, e));
    }
    setPending(false);
  }

  const full = (addresses?.length ?? 0) >= ADDRESS_LIMIT;
  return (
    <div className={styles.book}>
      <div className={styles.toolbar}>
        {addresses && <p className={styles.count}>{t('addressBook.count', { count: addresses.length, max: ADDRESS_LIMIT })}</p>}
        <button type="button" className="btn btn-primary" data-address-add disabled={!addresses || full} onClick={() => setEditing({ address: null })}>
          {t('addressBook.add')}
        </button>
      </div>
      {full && <p className={styles.note}>{t('addressBook.limitReached', { max: ADDRESS_LIMIT })}</p>}
      <p className={styles.status} role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {addresses === null && !loadError && (
        <p className={styles.loading} role="status" aria-busy="true">
          {t('addressBook.loading')}
        </p>
      )}
      {loadError && (
        <div className={styles.error} role="alert">
          <p>{loadError || t('addressBook.loadFailed')}</p>
          <button type="button" className="btn btn-secondary" onClick={() => void load()}>
            {t('addressBook.retry')}
          </button>
        </div>
      )}
      {addresses?.length === 0 && <p className={styles.empty}>{t('addressBook.empty')}</p>}
      {addresses && addresses.length > 0 && (
        <ul className={styles.cards}>
          {addresses.map((a) => (
            <li key={a.id} className={a.isDefault ? `${styles.card} ${styles.cardDefault}` : styles.card} aria-label={t('addressBook.cardLabel', { receiver: a.receiver })} data-address-id={a.id}>
              <div className={styles.cardHead}>
                <strong className={styles.receiver}>{a.receiver}</strong>
                <span className={styles.phone}>{maskPhone(a.phone)}</span>
                {a.isDefault === 1 && <span className={styles.badge}>{t('addressBook.default')}</span>}
              </div>
              <p className={styles.place}>{placeText(a, lang)}</p>
              <p className={styles.detail}>
                {a.detail}
                {a.postcode ? ` · ${a.postcode}` : ''}
              </p>
              <div className={styles.cardActions}>
                {a.isDefault !== 1 && (
                  <button type="button" className="btn btn-ghost" disabled={pending} onClick={() => void act(() => addressesApi.makeDefault(a.id), t('addressBook.defaultSet'))}>
                    {t('addressBook.setDefault')}
                  </button>
                )}
                <button type="button" className="btn btn-ghost" disabled={pending} onClick={() => setEditing({ address: a })}>
                  {t('addressBook.edit')}
                </button>
                <button type="button" className="btn btn-ghost" disabled={pending} onClick={() => setRemoving(a)}>
                  {t('addressBook.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <Modal wide fallbackFocus="[data-address-add]" title={editing.address ? t('addressBook.form.editTitle') : t('addressBook.form.addTitle')} onClose={() => setEditing(null)}>
          <AddressForm
            t={t}
            lang={lang}
            address={editing.address}
            onCancel={() => setEditing(null)}
            onSaved={() => {
              const done = editing.address ? t('addressBook.saved') : t('addressBook.added');
              setEditing(null);
              void load().then(() => setStatus(done));
            }}
          />
        </Modal>
      )}
      {removing && (
        <ConfirmDialog
          title={t('addressBook.confirmRemove.title')}
          text={t('addressBook.confirmRemove.text', { receiver: removing.receiver })}
          confirmLabel={t('addressBook.confirmRemove.confirm')}
          cancelLabel={t('addressBook.confirmRemove.cancel')}
          describeError={(e) => errorText(t, e)}
          fallbackFocus="[data-address-add]"
          onConfirm={async () => {
            setStatus('');
            await addressesApi.remove(removing.id);
            setRemoving(null);
            await load();
            setStatus(t('addressBook.removed'));
          }}
          onClose={() => setRemoving(null)}
        />
      )}
    </div>
  );
}
