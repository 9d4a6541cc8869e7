import type { MaterialInput } from './save-material';
import { attachmentsOf, type StoredMaterial } from './stored-material';

/**
 * A version's content as the input of a new version: how a revert and a change of file settings write one. Cards
 * that still exist (`liveCardIds`) keep their ids; others come back as new cards. Market state is the caller's.
 */
export function inputFromSnapshot(s: StoredMaterial, who: { companyId: number; creatorId: number | null }, liveCardIds: ReadonlySet<number>, marketTypes: number[]): MaterialInput {
  return {
    ...who,
    categoryId: s.categoryId,
    nameCn: s.nameCn,
    nameEn: s.nameEn,
    serialNo: s.serialNo,
    attrs: s.attrs,
    colorCards: s.colorCards.map((c) => ({ ...(liveCardIds.has(c.id) ? { id: c.id } : {}), name: c.name, hex: c.hex, isDefault: c.isDefault === 1, isBan: c.isBan === 1, renderingStatus: c.renderingStatus, images: c.images })),
    enclosure: s.enclosure,
    cover: s.cover,
    dangling: s.dangling,
    marketTypes,
    file: s.file ?? null,
    attachments: attachmentsOf(s),
  };
}
