import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../lib/api/client';
import { materialsApi } from '../../lib/api/materials';
import { createClientT } from '../../lib/i18n/client';
import { SampleBagForm, type SampleColorCard } from '../SampleBag/AddToSampleBag';
import { Modal } from '../shared/Modal';
import styles from './MaterialGrid.module.css';
import type { TileDialogProps } from './MaterialTile';

/**
 * Add to sample bag from a store tile (docs/product/sampling.md), loaded on the first press. A tile carries at most five swatches
 * and no card ids, so the material's color cards come from its detail (docs/product/sampling.md#calls open/v2/material/detail) when the
 * dialog opens; then it is the detail page's form, with Cancel.
 */
export default function SampleBagDialog({ materialId, messages, onClose }: TileDialogProps) {
  const t = createClientT(messages);
  const [material, setMaterial] = useState<{ name: string; colorCards: SampleColorCard[] } | null>(null);
  const [error, setError] = useState('');
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    materialsApi.detail(materialId, -1, { silent: true }).then(
      (detail) => detail && setMaterial({ name: detail.name, colorCards: detail.colorCardList.map((c) => ({ id: c.id, name: c.name, hex: c.colorInfo.hex })) }),
      (e: unknown) => setError(errorText(t, e)),
    );
  }, []);
  // The form arrives after the dialog opened: focus goes to its first field.
  useEffect(() => {
    if (material) body.current?.querySelector<HTMLElement>('select, button')?.focus();
  }, [material]);

  const message = error ? (
    <p className={styles.dialogError} role="alert">
      {error}
    </p>
  ) : !material ? (
    <p role="status">{t('sampleBag.add.loading')}</p>
  ) : material.colorCards.length === 0 ? (
    <p>{t('sampleBag.add.noColors')}</p>
  ) : null;
  return (
    <Modal title={t('sampleBag.add.label')} onClose={onClose}>
      <div ref={body} className={styles.dialogBody}>
        {material && <p className={styles.dialogMaterial}>{material.name}</p>}
        {message ?? (material && <SampleBagForm t={t} materialId={materialId} colorCards={material.colorCards} dialog={{ actionsClass: styles.dialogActions, onCancel: onClose, onAdded: onClose }} />)}
        {message && (
          <div className={styles.dialogActions}>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              {t('sampleBag.cancel')}
            </button>
          </div>
        )}
      </div>
    </Modal>
  );
}
