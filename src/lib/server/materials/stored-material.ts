import type { StoredMapKeys } from '../db/schema/material-files';
import type { MaterialFileSettings } from '../../contracts/material-edit';
import type { ParsedMaterialFile } from '../material-files/material-file';

/** What a version snapshot holds (`material_versions.data`): image ids, not URLs, since URLs are signed per read. */
export type StoredImageRef = { id: number; width: number; height: number };

export type StoredColorCard = {
  id: number;
  name: string;
  sort: number;
  isDefault: 0 | 1;
  hex: string;
  lab: [number, number, number];
  colorFamily: string;
  isBan: 0 | 1;
  renderingStatus: number;
  images: StoredImageRef[];
};

/** A document on the material: the company's uploaded file and the name buyers see. */
export type StoredAttachment = { relativePath: string; name: string; size: number; mime: string };

/**
 * The material file a version is bound to (docs/product/material-files.md#binding-a-file): the reading it came from,
 * what the file holds (maps by storage key, constants, size) and the supplier's settings for it.
 */
export type StoredMaterialFile = {
  readId: number;
  fileName: string;
  material: ParsedMaterialFile;
  mapKeys: StoredMapKeys;
  settings: MaterialFileSettings;
};

export type { MaterialFileSettings };

export type StoredMaterial = {
  categoryId: number;
  nameCn: string;
  nameEn: string;
  serialNo: string;
  /** Attribute values by PF field code. */
  attrs: Record<string, unknown>;
  colorCards: StoredColorCard[];
  enclosure: StoredImageRef[];
  cover: StoredImageRef | null;
  dangling: StoredImageRef | null;
  marketTypes: number[];
  hasFile: 0 | 1;
  /** Absent from snapshots saved before materials had documents: read it with `attachmentsOf`. */
  attachments?: StoredAttachment[];
  /** Absent from snapshots without a material file. */
  file?: StoredMaterialFile;
};

/** A snapshot's documents; older snapshots have none. */
export const attachmentsOf = (m: Pick<StoredMaterial, 'attachments'>): StoredAttachment[] => m.attachments ?? [];

/** docs/product/catalogue.md#data: color cards sorted default first, then by sort. */
export function sortColorCards<T extends { isDefault: number; sort: number; id: number }>(cards: readonly T[]): T[] {
  return [...cards].sort((a, b) => b.isDefault - a.isDefault || a.sort - b.sort || a.id - b.id);
}

/** A numeric attribute (prices arrive as numbers or numeric strings). */
export function numberOrNull(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}
