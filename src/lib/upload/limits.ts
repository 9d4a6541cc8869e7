/**
 * What may be uploaded (docs/product/storage.md#what-may-be-uploaded): a size limit per file type and one limit for
 * everything a form holds. Isomorphic: the browser checks before sending, the server checks again before it keeps
 * anything. A limit of `null` means no per-file limit (the total limit still applies).
 */
const MB = 1024 * 1024;

export type FileKind = 'image' | 'gif' | 'video' | 'audio' | 'archive' | 'ai' | 'psd' | 'model' | 'materialFile' | 'document';

export interface FileTypeRule {
  kind: FileKind;
  extensions: readonly string[];
  /** Mime types accepted when the name has no extension. */
  mimes: readonly string[];
  maxBytes: number | null;
}

export const FILE_TYPE_RULES: readonly FileTypeRule[] = [
  { kind: 'image', extensions: ['jpg', 'jpeg', 'jfif', 'bmp', 'png', 'svg', 'svgz', 'webp'], mimes: ['image/jpeg', 'image/png', 'image/bmp', 'image/svg+xml', 'image/webp'], maxBytes: 5 * MB },
  { kind: 'gif', extensions: ['gif'], mimes: ['image/gif'], maxBytes: 5 * MB },
  { kind: 'video', extensions: ['mp4'], mimes: ['video/mp4'], maxBytes: 50 * MB },
  { kind: 'audio', extensions: ['mp3'], mimes: ['audio/mpeg', 'audio/mp3'], maxBytes: 25 * MB },
  { kind: 'archive', extensions: ['zip', '7zip', '7z', 'rar'], mimes: ['application/zip', 'application/x-7z-compressed', 'application/vnd.rar', 'application/x-rar-compressed'], maxBytes: 500 * MB },
  { kind: 'ai', extensions: ['ai'], mimes: ['application/illustrator'], maxBytes: 500 * MB },
  { kind: 'psd', extensions: ['psd'], mimes: ['image/vnd.adobe.photoshop'], maxBytes: 500 * MB },
  { kind: 'model', extensions: ['3dm', 'igs', 'ctm', '4dm', 'ksp'], mimes: [], maxBytes: 500 * MB },
  { kind: 'materialFile', extensions: ['4ddat', 'admf', 'u3m', 'u3ma', 'xtex'], mimes: [], maxBytes: 200 * MB },
  {
    kind: 'document',
    extensions: ['txt', 'json', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'ase'],
    mimes: ['text/plain', 'application/json', 'application/pdf', 'application/msword', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.ms-excel', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/vnd.ms-powerpoint', 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    maxBytes: null,
  },
];

/** The total of a form's new files and the files it already holds (docs/product/constants.md: 1 GiB by default). */
export const ALL_FILE_LIMIT = 1_073_741_824;
/** The hash reads the file in 1 MiB chunks (docs/product/storage.md#the-file-key). */
export const HASH_CHUNK_BYTES = MB;
/** Size of one multipart part: the smallest S3 allows, so a 500 MB file is 100 parts and memory stays bounded by one. */
export const UPLOAD_PART_BYTES = 5 * MB;

/** What a picker accepts: a list of extensions (without dots) or a kind list. */
export type UploadAccept = readonly string[];
/** The product's photo slots: cover, dangling, gallery, color-card images. */
export const IMAGE_UPLOAD_ACCEPT: UploadAccept = ['jpg', 'jpeg', 'png', 'webp'];
/** A material's documents: data sheets, test reports, certificates and archives of them. */
export const DOCUMENT_UPLOAD_ACCEPT: UploadAccept = ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'zip', '7z', 'rar'];

export type FileProblem =
  | { code: 'invalidType'; name: string; allowed: readonly string[] }
  | { code: 'wrongFormat'; name: string; allowed: readonly string[] }
  | { code: 'tooLarge'; name: string; limit: number };

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * Check one file: by extension, then (no extension) by mime type, then by size. `accept` narrows the allowed
 * extensions to what the picker takes; the size limit is that of the file's type.
 */
export function checkFile(file: { name: string; type: string; size: number }, accept?: UploadAccept): FileProblem | null {
  const allowed = accept ?? FILE_TYPE_RULES.flatMap((r) => r.extensions);
  const ext = extensionOf(file.name);
  let rule: FileTypeRule | undefined;
  if (ext) {
    if (!allowed.includes(ext)) return { code: 'invalidType', name: file.name, allowed };
    rule = FILE_TYPE_RULES.find((r) => r.extensions.includes(ext));
  } else {
    rule = FILE_TYPE_RULES.find((r) => r.mimes.includes(file.type.toLowerCase()) && r.extensions.some((e) => allowed.includes(e)));
    if (!rule) return { code: 'wrongFormat', name: file.name, allowed };
  }
  if (!rule) return { code: 'invalidType', name: file.name, allowed };
  if (rule.maxBytes !== null && file.size > rule.maxBytes) return { code: 'tooLarge', name: file.name, limit: rule.maxBytes };
  return null;
}

/** The total check: new files plus the bytes of the files already kept must stay within `limit`. */
export function checkTotal(newBytes: readonly number[], existingBytes: number, limit = ALL_FILE_LIMIT): { code: 'allFileLimit'; limit: number } | null {
  const total = newBytes.reduce((a, b) => a + b, existingBytes);
  return total > limit ? { code: 'allFileLimit', limit } : null;
}
