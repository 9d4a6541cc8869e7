/** Typed calls for shares: the sharer's on the caller's role path, and the addresses of a share's image and QR code. */
import type { ShareCreated } from '../contracts/shares';
import { api, type RequestOptions } from './client';
import { rolePath } from './role-path';

const S = '/idealab-material/share';

/** The body is the share-create contract's input; one Idempotency-Key per settings answers the same share again. */
export const createShare = (body: unknown, idempotencyKey: string, opts?: RequestOptions) =>
  api.post<ShareCreated>(rolePath(`${S}/url`), body, { silent: true, ...opts, headers: { ...opts?.headers, 'Idempotency-Key': idempotencyKey } });

export const endShare = (shareId: string, opts?: RequestOptions) => api.post<{ shareId: string }>(rolePath(`${S}/end`), { shareId }, opts);

/** For `<img src>` and download links (not fetched through the client). */
export const shareImageUrl = (shareId: string) => `/api${S}/image?id=${encodeURIComponent(shareId)}`;
export const shareQrUrl = (shareId: string) => `/api${S}/qr?id=${encodeURIComponent(shareId)}`;
