import type { SessionContext } from '../../lib/contracts/identity';
import type { Dict } from '../../lib/i18n/client';
import type { T } from '../../lib/i18n';
import type { TileActions } from './MaterialTile';

/**
 * What a page with the store grid hands the tile grid and MaterialStore for the tiles' actions: labels, a guest's
 * tooltips, the viewer's company (its own materials get none), and the dialogs' messages (null for a guest, whose
 * press goes to login). Only pages import this.
 */
export function tileActionsFor(session: SessionContext | null, t: T, messages: { collections: Dict; sampleBag: Dict; errors: Dict }): { tile: TileActions; messages: Dict | null } {
  return {
    tile: {
      collectLabel: t('collections.collect.tileLabel'),
      sampleBagLabel: t('sampleBag.add.tileLabel'),
      collectHint: session ? undefined : t('collections.collect.signInHint'),
      sampleBagHint: session ? undefined : t('sampleBag.add.signInHint'),
      ownCompanyId: session?.company?.id ?? null,
    },
    messages: session ? { collections: messages.collections, sampleBag: messages.sampleBag, errors: messages.errors } : null,
  };
}
