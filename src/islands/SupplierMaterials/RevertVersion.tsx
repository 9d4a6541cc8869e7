/**
 * "Revert to this version" on an older version (docs/product/supplier.md#versions-diff-and-revert): asks first, then
 * calls the revert and opens the history on the new version it made.
 */
import { useRef, useState } from 'react';
import { errorText } from '../../lib/api/client';
import { supplierMaterialsApi } from '../../lib/api/supplier-materials';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { ConfirmDialog } from '../shared/ConfirmDialog';

interface Props {
  materialId: number;
  version: number;
  /** `{ supplier, errors }` slices of the page language's messages. */
  messages: Dict;
}

export default function RevertVersion({ materialId, version, messages }: Props) {
  const t = createClientT(messages);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);

  async function revert() {
    const result = await supplierMaterialsApi.revert(materialId, version, { silent: true });
    const next = result?.version ?? version;
    location.assign(`?${new URLSearchParams({ materialId: String(materialId), from: String(version), to: String(next), reverted: String(next) }).toString()}`);
  }

  return (
    <>
      <button type="button" className="btn btn-secondary" ref={button} onClick={() => setOpen(true)}>
        {t('supplier.history.revert')}
      </button>
      {open && (
        <ConfirmDialog
          title={t('supplier.history.revertTitle', { version })}
          text={t('supplier.history.revertText', { version })}
          confirmLabel={t('supplier.history.revert')}
          busyLabel={t('supplier.batch.working')}
          cancelLabel={t('supplier.batch.cancel')}
          onConfirm={revert}
          describeError={(cause) => errorText(t, cause)}
          onClose={() => setOpen(false)}
          fallbackFocus={() => button.current}
        />
      )}
    </>
  );
}
