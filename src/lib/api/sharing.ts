/**
 * Typed calls for shares: the sharer's on the caller's role path (docs/api-paths.md), and the addresses of a
 * share's image and QR code for `<img>` and download links.
 */
import type { ShareCreated, ShareCreateRequest } from '../contracts/sharing';
import { api, type CallOptions } from './client';
import { rolePath } from './role-path';

const S = '/idealab-material/share';

export const sharesApi = {
  /** One Idempotency-Key per settings answers the same share again. Silent: the dialog shows failures inline. */
  create: (body: ShareCreateRequest, idempotencyKey: string, options?: CallOptions) =>
    api.post<ShareCreated>(rolePath(`${S}/url`), body, { silent: true, ...options, headers: { ...options?.headers, 'Idempotency-Key': idempotencyKey } }),
  end: (shareId: string, options?: CallOptions) => api.post<{ shareId: string }>(rolePath(`${S}/end`), { shareId }, options),
  imageUrl: (shareId: string) => `/api${S}/image?id=${encodeURIComponent(shareId)}`,
  qrUrl: (shareId: string) => `/api${S}/qr?id=${encodeURIComponent(shareId)}`,
};
