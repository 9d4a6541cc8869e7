import { inLanguage } from '../../lib/bilingual';
import { useEffect, useState } from 'react';
import { errorText } from '../../lib/api/client';
import { sampleBagApi } from '../../lib/api/sampling-bag';
import { toast } from '../../lib/api/dialogs';
import type { SampleBag, SampleItem } from '../../lib/contracts/sampling-bag';
import { ERROR_LEVEL } from '../../lib/errors';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { $sampleBagCount } from '../../lib/stores/sample-bag';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { Picture } from '../shared/Picture';
import { QuantityStepper } from './QuantityStepper';
import { RequestSamples } from './RequestSamples';
import styles from './SampleBag.module.css';

interface Props {
  /** `{ sampleBag, sampleRequest, addressBook, errors }` slices of the page language's messages. */
  messages: Dict;
  lang: string;
}

type Confirming = { ids: number[]; item?: SampleItem } | null;

const detailHref = (item: SampleItem) => `/material/detail?materialId=${item.materialId}&categoryId=${item.material.categoryId}`;

/**
 * The buyer's sample bag (/sample-bag): items grouped by supplier, each with its cover,
 * name (to the detail), color, sample price and a 1–99 quantity saved on change; unavailable items are marked.
 * Items are chosen one by one, per supplier or all, and deleted after a confirmation. Every change sets
 * $sampleBagCount from the server's answer.
 */
export default function SampleBagList({ messages, lang }: Props) {
  const t = createClientT(messages);
  const [bag, setBag] = useState<SampleBag | null>(null);
  const [loadError, setLoadError] = useState('');
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [requesting, setRequesting] = useState<SampleItem[] | null>(null);
  const [error, setError] = useState('');

  async function load() {
    setLoadError('');
    setBag(null);
    try {
      const answer = await sampleBagApi.list();
      const next = answer ?? { groups: [], total: 0 };
      setBag(next);
      $sampleBagCount.set(next.total);
      const present = new Set(next.groups.flatMap((g) => g.items.map((i) => i.id)));
      setChosen((set) => new Set([...set].filter((id) => present.has(id))));
    } catch (e) {
      setLoadError(errorText(t, e));
    }
  }

  useEffect(() => {
    void load();
  }, []);

  const allIds = bag ? bag.groups.flatMap((g) => g.items.map((i) => i.id)) : [];
  const every = (ids: number[]) => ids.length > 0 && ids.every((id) => chosen.has(id));
  const setMany = (ids: number[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setChosen(next);
  };

  async function setQuantity(item: SampleItem, quantity: number) {
    setError('');
    try {
      const answer = await sampleBagApi.setQuantity(item.id, quantity);
      const saved = answer?.quantity ?? quantity;
      setBag((b) => (b ? { ...b, groups: b.groups.map((g) => ({ ...g, items: g.items.map((i) => (i.id === item.id ? { ...i, quantity: saved } : i)) })) } : b));
      toast(ERROR_LEVEL.info, t('sampleBag.saved'));
    } catch (e) {
      setError(errorText(t, e));
    }
  }

  async function remove(ids: number[]) {
    const [only] = ids;
    const answer = ids.length === 1 && only !== undefined ? await sampleBagApi.removeItem(only) : await sampleBagApi.removeItems(ids);
    if (answer) $sampleBagCount.set(answer.count);
    const gone = new Set(ids);
    setBag((b) => {
      if (!b) return b;
      const groups = b.groups.map((g) => ({ ...g, items: g.items.filter((i) => !gone.has(i.id)) })).filter((g) => g.items.length > 0);
      return { groups, total: answer?.count ?? groups.reduce((n, g) => n + g.items.length, 0) };
    });
    setChosen((set) => new Set([...set].filter((id) => !gone.has(id))));
    setConfirming(null);
    toast(ERROR_LEVEL.info, t('sampleBag.deleted'));
  }

  if (loadError) {
    return (
      <div role="alert" className={styles.toolbar}>
        <p className={styles.error}>{t('sampleBag.loadFailed')}: {loadError}</p>
        <button type="button" className="btn btn-secondary" onClick={() => void load()}>
          {t('sampleBag.retry')}
        </button>
      </div>
    );
  }
  if (!bag) {
    return (
      <p className={styles.muted} role="status" aria-busy="true">
        {t('sampleBag.loading')}
      </p>
    );
  }
  if (bag.groups.length === 0) {
    return (
      <div className="empty-state">
        <p>{t('sampleBag.empty')}</p>
        <a className="btn btn-primary" href="/main/material-store">
          {t('sampleBag.browse')}
        </a>
      </div>
    );
  }

  const confirmText = confirming?.item ? t('sampleBag.confirmOne', { name: confirming.item.material.name, color: inLanguage(confirming.item.colorCard.name, lang) }) : t('sampleBag.confirmMany', { count: confirming?.ids.length ?? 0 });
  return (
    <>
      <div className={styles.toolbar}>
        <label>
          <input type="checkbox" checked={every(allIds)} onChange={(e) => setMany(allIds, (e.target as HTMLInputElement).checked)} /> {t('sampleBag.selectAll')}
        </label>
        <span className={styles.muted}>{t('sampleBag.total', { count: bag.total })}</span>
        <button type="button" className="btn btn-secondary" disabled={chosen.size === 0} onClick={() => setConfirming({ ids: [...chosen] })}>
          {t('sampleBag.deleteSelected')}
        </button>
        <button type="button" className="btn btn-primary" disabled={chosen.size === 0} onClick={() => setRequesting(bag.groups.flatMap((g) => g.items.filter((i) => chosen.has(i.id))))}>
          {t('sampleRequest.request')}
        </button>
      </div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {bag.groups.map((g) => {
        const ids = g.items.map((i) => i.id);
        return (
          <section key={g.supplierId} className={styles.group} aria-label={g.supplierName}>
            <h2 className={styles.groupHead}>
              <input type="checkbox" checked={every(ids)} aria-label={t('sampleBag.selectSupplier', { name: g.supplierName })} onChange={(e) => setMany(ids, (e.target as HTMLInputElement).checked)} />
              <a href={`/merchant/detail?orgId=${g.supplierId}`}>{g.supplierName}</a>
              <button
                type="button"
                className={styles.linkButton}
                disabled={!g.items.some((i) => i.available)}
                aria-label={t('sampleBag.requestFrom', { name: g.supplierName })}
                onClick={() => setRequesting(g.items.filter((i) => i.available))}
              >
                {t('sampleRequest.request')}
              </button>
            </h2>
            <ul className={styles.items}>
              {g.items.map((item) => {
                const label = { name: item.material.name, color: inLanguage(item.colorCard.name, lang) };
                return (
                  <li key={item.id} className={item.available ? styles.item : `${styles.item} ${styles.unavailableItem}`}>
                    <input type="checkbox" checked={chosen.has(item.id)} aria-label={t('sampleBag.selectItem', label)} onChange={(e) => setMany([item.id], (e.target as HTMLInputElement).checked)} />
                    <span className={styles.cover}>{item.material.cover ? <Picture image={item.material.cover} alt="" sizes="72px" /> : null}</span>
                    <span className={styles.itemInfo}>
                      {item.available ? (
                        <a className={styles.itemName} href={detailHref(item)}>
                          {item.material.name}
                        </a>
                      ) : (
                        <span className={styles.itemName}>{item.material.name}</span>
                      )}
                      <span className={styles.swatchLine}>
                        <svg className="color-dot" viewBox="0 0 10 10" aria-hidden="true" focusable="false">
                          <circle cx="5" cy="5" r="4.5" fill={item.colorCard.hex} />
                        </svg>
                        {t('sampleBag.color')}: {inLanguage(item.colorCard.name, lang)}
                      </span>
                      {!item.available && <span className={styles.badge}>{t('sampleBag.unavailable')}</span>}
                    </span>
                    <span className={styles.price}>
                      {t('sampleBag.samplePrice')}: {item.samplePrice === null ? t('sampleBag.noPrice') : item.samplePrice.toFixed(2)}
                    </span>
                    <QuantityStepper
                      value={item.quantity}
                      onChange={(q) => void setQuantity(item, q)}
                      label={t('sampleBag.quantityOf', label)}
                      decrease={t('sampleBag.decrease')}
                      increase={t('sampleBag.increase')}
                      rule={t('sampleBag.quantityRule')}
                      disabled={!item.available}
                    />
                    <button type="button" className={styles.linkButton} aria-label={t('sampleBag.deleteOneLabel', label)} onClick={() => setConfirming({ ids: [item.id], item })}>
                      {t('sampleBag.deleteOne')}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      {requesting && <RequestSamples items={requesting} t={t} lang={lang} onClose={() => setRequesting(null)} />}
      {confirming && (
        <ConfirmDialog
          title={t('sampleBag.confirmTitle')}
          text={confirmText}
          confirmLabel={t('sampleBag.confirm')}
          cancelLabel={t('sampleBag.cancel')}
          describeError={(e) => errorText(t, e)}
          onConfirm={() => remove(confirming.ids)}
          onClose={() => setConfirming(null)}
        />
      )}
    </>
  );
}
