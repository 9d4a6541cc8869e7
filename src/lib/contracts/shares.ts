import { z } from 'zod';
import type { MaterialCard, MaterialDetail } from './materials';
import { SHARE_CODE_PATTERN, SHARE_INTRO_MAX, SHARE_MATERIALS_MAX, VALIDITY_TYPES, VIEW_RANGES, type ShareKind, type ValidityType, type ViewRange } from './share-rules';

export * from './share-rules';

const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** §3 share config: type, validityType, view range, isSync and the introduction. */
const config = {
  type: z.union([z.literal(1), z.literal(2)]).default(1),
  validityType: z.union(VALIDITY_TYPES.map((v) => z.literal(v)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>]).default(1),
  viewRange: z.union(VIEW_RANGES.map((v) => z.literal(v)) as [z.ZodLiteral<1>, z.ZodLiteral<3>]).default(1),
  isSync: z.union([z.literal(0), z.literal(1)]).default(0),
  introduce: z.string().trim().max(SHARE_INTRO_MAX, 'validation.tooLong').default(''),
};
export const shareCreateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('material'), materialIds: z.array(id).length(1), ...config }),
  z.object({ kind: z.literal('materials'), materialIds: z.array(id).min(2).max(SHARE_MATERIALS_MAX), ...config }),
  z.object({ kind: z.literal('folder'), folderId: id, ...config }),
  z.object({ kind: z.literal('colorCard'), colorCardId: id, ...config }),
]);
export type ShareCreateInput = z.output<typeof shareCreateSchema>;

export const shareIdSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'validation.invalidValue');
export const shareCodeCheckSchema = z.object({ shareId: shareIdSchema, code: z.string().trim().regex(SHARE_CODE_PATTERN, 'validation.shareCode') });

/** §3 share result: the code only for a password share. */
export type ShareCreated = { shareId: string; code: string | null; url: string; expiresAt: string | null };

/** Where a viewer stands with a share: `ok` shows the content; the others show their page instead. */
export type ShareAccess = 'ok' | 'needCode' | 'needLogin' | 'expired' | 'missing';
export type ShareInfo = {
  shareId: string;
  kind: ShareKind;
  type: 1 | 2;
  validityType: ValidityType;
  viewRange: ViewRange;
  isSync: 0 | 1;
  expiresAt: string | null;
  createdAt: string;
  /** Who shared: the company's name, or the person's. */
  sharer: string;
  /** Only once access is granted (a password share's title and introduction are content too). */
  title: string | null;
  introduction: string | null;
};
export type ShareContent =
  | { kind: 'material'; material: MaterialDetail }
  | { kind: 'materials' | 'folder'; materials: MaterialCard[]; folderName: string | null }
  | { kind: 'colorCard'; material: MaterialDetail; colorCardId: number };
