import { useId, useState } from 'react';
import { api, ApiError, messageFor } from '../../lib/api/client';
import { toast } from '../../lib/api/dialogs';
import type { SampleAddResult } from '../../lib/contracts/sample-bag';
import { ERROR, ERROR_LEVEL } from '../../lib/errors';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { loginUrl } from '../../lib/routes';
import { $sampleBagCount } from '../../lib/stores/sample-bag';
import { QuantityStepper } from './QuantityStepper';
import styles from './SampleBag.module.css';

export interface AddToSampleBagProps {
  materialId: number;
  colorCards: { id: number; name: string; hex: string }[];
  /** A guest's press goes to `/login?redirect=<this page>`. */
  signedIn: boolean;
  /** `{ sampleBag, errors }` slices of the page language's messages. */
  messages: Dict;
}

/**
 * Add samples of a material to the bag (§2 material detail, §7 buyer/sample/bag/add): a color card (the default
 * card first), a 1–99 quantity, and the button. The answer's count goes to $sampleBagCount, so the toolbar badge
 * follows without a reload; a capped sum shows the server's notice.
 */
export default function AddToSampleBag({ materialId, colorCards, signedIn, messages }: AddToSampleBagProps) {
  const t = createClientT(messages);
  const [cardId, setCardId] = useState(colorCards[0]?.id ?? 0);
  const [quantity, setQuantity] = useState(1);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [quantityOk, setQuantityOk] = useState(true);
  const selectId = useId();

  async function add() {
    if (!signedIn) {
      location.assign(loginUrl(location.pathname + location.search));
      return;
    }
    if (pending || !quantityOk) return;
    setPending(true);
    setError('');
    try {
      const answer = await api.post<SampleAddResult & { notice: string | null }>('/idealab-material/buyer/sample/bag/add', { materialId, colorCardId: cardId, quantity }, { silent: true });
      if (answer) {
        $sampleBagCount.set(answer.count);
        toast(answer.capped ? ERROR_LEVEL.warn : ERROR_LEVEL.info, answer.capped && answer.notice ? answer.notice : t('sampleBag.add.done'));
      }
    } catch (e) {
      setError(e instanceof ApiError ? messageFor(t, e.code, e.message) : messageFor(t, ERROR.unknown, undefined));
    }
    setPending(false);
  }

  if (colorCards.length === 0) return null;
  return (
    <div className={styles.add}>
      {signedIn && (
        <>
          <label className={styles.field} htmlFor={selectId}>
            <span>{t('sampleBag.add.color')}</span>
            <select id={selectId} value={cardId} onChange={(e) => setCardId(Number((e.target as HTMLSelectElement).value))}>
              {colorCards.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
          <span className={styles.field}>
            <span aria-hidden="true">{t('sampleBag.add.quantity')}</span>
            <QuantityStepper value={quantity} onChange={setQuantity} label={t('sampleBag.add.quantity')} decrease={t('sampleBag.decrease')} increase={t('sampleBag.increase')} rule={t('sampleBag.quantityRule')} onValidity={setQuantityOk} />
          </span>
        </>
      )}
      <button type="button" className={styles.addButton} disabled={pending} title={signedIn ? undefined : t('sampleBag.add.signInHint')} onClick={() => void add()}>
        {t('sampleBag.add.label')}
      </button>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
