/**
 * Typed calls for shares: the sharer's on the caller's role path (docs/api-paths.md), and the addresses of a
 * share's image and QR code for `<img>` and download links. A color-card book's calls take the role its books
 * belong to from the page, which knows whose books it shows.
 */
import type { ColorBook } from '../contracts/color-library';
import type { ColorBookShareRequest, MaterialBookShareRequest, ShareCreated, ShareCreateRequest } from '../contracts/sharing';
import { pathForRole, type RoleUserType } from '../supplier-path';
import { api, type CallOptions } from './client';
import { rolePath } from './role-path';

const S = '/idealab-material/share';
const BOOK = '/idealab-material/color/card/book';
const MATERIAL_BOOK = '/idealab-material/material/book';

export const sharesApi = {
  /** One Idempotency-Key per settings answers the same share again. Silent: the dialog shows failures inline. */
  create: (body: ShareCreateRequest, idempotencyKey: string, options?: CallOptions) =>
    api.post<ShareCreated>(rolePath(`${S}/url`), body, { silent: true, ...options, headers: { ...options?.headers, 'Idempotency-Key': idempotencyKey } }),
  /** A share of one of the books of `userType` (1 the caller's own, 2 their company's); same key rule as `create`. */
  createForColorBook: (body: ColorBookShareRequest, userType: RoleUserType, idempotencyKey: string, options?: CallOptions) =>
    api.post<ShareCreated>(pathForRole(`${BOOK}/share/url`, userType), body, { silent: true, ...options, headers: { ...options?.headers, 'Idempotency-Key': idempotencyKey } }),
  /** A share of one of the caller's company's material books (one path: the book is the company's whichever role calls); same key rule. */
  createForMaterialBook: (body: MaterialBookShareRequest, idempotencyKey: string, options?: CallOptions) =>
    api.post<ShareCreated>(`${MATERIAL_BOOK}/share/url`, body, { silent: true, ...options, headers: { ...options?.headers, 'Idempotency-Key': idempotencyKey } }),
  /** Saves a copy of a shared book into the books of `userType`; silent: the button says what went wrong. */
  saveColorBook: (shareId: string, userType: RoleUserType, options?: CallOptions) =>
    api.post<ColorBook>(pathForRole(`${BOOK}/share-save/${encodeURIComponent(shareId)}`, userType), undefined, { silent: true, ...options }),
  end: (shareId: string, options?: CallOptions) => api.post<{ shareId: string }>(rolePath(`${S}/end`), { shareId }, options),
  imageUrl: (shareId: string) => `/api${S}/image?id=${encodeURIComponent(shareId)}`,
  qrUrl: (shareId: string) => `/api${S}/qr?id=${encodeURIComponent(shareId)}`,
};
