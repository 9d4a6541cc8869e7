/**
 * Image search as pages, islands and the API share it (isomorphic, and zod-free so islands stay small).
 */

/** Image search accepts png, jpg, jpeg and webp only (the server also decodes the file to be sure). */
export const IMAGE_SEARCH_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const;
export const IMAGE_SEARCH_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_SEARCH_ACCEPT = [...IMAGE_SEARCH_EXTENSIONS.map((e) => `.${e}`), ...IMAGE_SEARCH_MIME_TYPES].join(',');
export const IMAGE_SEARCH_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_SEARCH_PAGE_SIZE = 30;

/** Whether a chosen file is one image search takes, by its name and, when the browser knows it, its type. */
export function isSearchableImage(file: { name: string; type: string }): boolean {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  const extOk = (IMAGE_SEARCH_EXTENSIONS as readonly string[]).includes(ext);
  const typeOk = file.type === '' || (IMAGE_SEARCH_MIME_TYPES as readonly string[]).includes(file.type);
  return extOk && typeOk;
}

/** A region of the picture in fractions of its (auto-oriented) width and height. */
export type ImageRegion = { left: number; top: number; width: number; height: number };

/** The smallest side a region may have, as a fraction: smaller crops hold too little texture to compare. */
export const MIN_REGION = 0.05;
const round = (x: number) => Math.round(x * 10_000) / 10_000;

/** `left,top,width,height` in fractions with at most 4 decimals, as the `/search/same` URL carries it. */
export function formatRegion(r: ImageRegion): string {
  return [r.left, r.top, r.width, r.height].map(round).join(',');
}

/** The region of a URL parameter, or null when it is not a region inside the picture. */
export function parseRegion(text: string): ImageRegion | null {
  const parts = text.split(',');
  if (parts.length !== 4 || parts.some((p) => !/^\d(\.\d{1,4})?$/.test(p.trim()))) return null;
  const [left, top, width, height] = parts.map(Number) as [number, number, number, number];
  if (width < MIN_REGION || height < MIN_REGION || left + width > 1.0001 || top + height > 1.0001) return null;
  return { left, top, width: Math.min(width, 1 - left), height: Math.min(height, 1 - top) };
}

/** The whole picture: no region. */
export const isWholeImage = (r: ImageRegion) => r.left === 0 && r.top === 0 && r.width === 1 && r.height === 1;

export const SHA256_PATTERN = /^[0-9a-f]{64}$/;

/** The address of the results for an uploaded picture (a region of it, a category). */
export function sameImageHref(sha256: string, opts: { region?: ImageRegion | null; categoryId?: number; page?: number } = {}): string {
  const params = new URLSearchParams({ image: sha256 });
  if (opts.region && !isWholeImage(opts.region)) params.set('region', formatRegion(opts.region));
  if (opts.categoryId) params.set('categoryId', String(opts.categoryId));
  if (opts.page && opts.page > 1) params.set('page', String(opts.page));
  return `/search/same?${params.toString()}`;
}
