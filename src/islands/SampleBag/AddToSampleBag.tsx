import { useEffect, useId, useState } from 'react';
import { track } from '../../lib/analytics';
import { errorText } from '../../lib/api/client';
import { USAGE_EVENTS } from '../../lib/contracts/analytics-rules';
import { sampleBagApi } from '../../lib/api/sampling-bag';
import { toast } from '../../lib/api/dialogs';
import { ERROR_LEVEL } from '../../lib/errors';
import { createClientT, type ClientT, type Dict } from '../../lib/i18n/client';
import { loginUrl } from '../../lib/routes';
import { $chosenColorCard } from '../../lib/stores/color-card';
import { $sampleBagCount } from '../../lib/stores/sample-bag';
import { useHydrated } from '../shared/useHydrated';
import { QuantityStepper } from './QuantityStepper';
import styles from './SampleBag.module.css';

export type SampleColorCard = { id: number; name: string; hex: string };

export interface AddToSampleBagProps {
  materialId: number;
  colorCards: SampleColorCard[];
  /** A guest's press goes to `/login?redirect=<this page>`. */
  signedIn: boolean;
  /** `{ sampleBag, errors }` slices of the page language's messages. */
  messages: Dict;
}

/** In a dialog the form ends with Cancel and Add in a row of the dialog's own style, and tells it when it added. */
export type SampleBagFormInDialog = { actionsClass: string | undefined; onCancel: () => void; onAdded: () => void };

/**
 * The add form (docs/product/sampling.md#calls buyer/sample/bag/add): a color card (the default card first), a 1–99 quantity, and the button;
 * inline on the material detail or inside the store grid's dialog. The answer's count goes to $sampleBagCount, so
 * the toolbar badge follows without a reload; a capped sum shows the server's notice.
 */
export function SampleBagForm({ t, materialId, colorCards, dialog }: { t: ClientT; materialId: number; colorCards: SampleColorCard[]; dialog?: SampleBagFormInDialog }) {
  const [cardId, setCardId] = useState(colorCards[0]?.id ?? 0);
  const [quantity, setQuantity] = useState(1);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState('');
  const [quantityOk, setQuantityOk] = useState(true);
  // Rendered disabled by the server: a press before the script runs would otherwise be lost without a sign.
  const ready = useHydrated();
  const selectId = useId();
  // On the detail page the select and the gallery show the same color (the grid's dialog has no gallery).
  useEffect(() => {
    if (dialog) return;
    return $chosenColorCard.listen((id) => {
      if (id !== null && colorCards.some((c) => c.id === id)) setCardId(id);
    });
  }, [colorCards]);
  const pick = (id: number) => {
    setCardId(id);
    if (!dialog) $chosenColorCard.set(id);
  };

  async function add() {
    if (pending || !quantityOk) return;
    setPending(true);
    setError('');
    try {
      const answer = await sampleBagApi.add({ materialId, colorCardId: cardId, quantity });
      if (answer) {
        $sampleBagCount.set(answer.count);
        track({ event: USAGE_EVENTS.sampleBagAdd, properties: { materialId, colorCardId: cardId, quantity } });
        toast(answer.capped ? ERROR_LEVEL.warn : ERROR_LEVEL.info, answer.capped && answer.notice ? answer.notice : t('sampleBag.add.done'));
        dialog?.onAdded();
      }
    } catch (e) {
      setError(errorText(t, e));
    }
    setPending(false);
  }

  const addButton = (
    <button type="button" className={styles.addButton} disabled={pending || !ready} onClick={() => void add()}>
      {t('sampleBag.add.label')}
    </button>
  );
  const problem = error && (
    <p className={styles.error} role="alert">
      {error}
    </p>
  );
  const fields = (
    <>
      <label className={styles.field} htmlFor={selectId}>
        <span>{t('sampleBag.add.color')}</span>
        <select id={selectId} value={cardId} onChange={(e) => pick(Number((e.target as HTMLSelectElement).value))}>
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
  );
  if (!dialog) {
    return (
      <div className={styles.add}>
        {fields}
        {addButton}
        {problem}
      </div>
    );
  }
  return (
    <>
      <div className={styles.add}>{fields}</div>
      {problem}
      <div className={dialog.actionsClass}>
        <button type="button" className="btn btn-secondary" onClick={dialog.onCancel}>
          {t('sampleBag.cancel')}
        </button>
        {addButton}
      </div>
    </>
  );
}

/** Add-to-sample-bag on the material detail (docs/product/routes.md#detail-routing): the form for a signed-in buyer, a sign-in button for a guest. */
export default function AddToSampleBag({ materialId, colorCards, signedIn, messages }: AddToSampleBagProps) {
  const t = createClientT(messages);
  const ready = useHydrated();
  if (colorCards.length === 0) return null;
  if (!signedIn) {
    return (
      <div className={styles.add}>
        <button type="button" className={styles.addButton} title={t('sampleBag.add.signInHint')} disabled={!ready} onClick={() => location.assign(loginUrl(location.pathname + location.search))}>
          {t('sampleBag.add.label')}
        </button>
      </div>
    );
  }
  return <SampleBagForm t={t} materialId={materialId} colorCards={colorCards} />;
}
