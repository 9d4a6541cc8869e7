import { createClientT } from '../../lib/i18n/client';
import { CollectDialog } from '../Collections/CollectDialog';
import type { TileDialogProps } from './MaterialTile';

/** Collect from a store tile (docs/product/collections.md#collecting), loaded on the first press: the material detail's add-to-folder dialog. */
export default function TileCollectDialog({ materialId, messages, onClose }: TileDialogProps) {
  return <CollectDialog t={createClientT(messages)} materialId={materialId} onClose={onClose} onSaved={onClose} />;
}
