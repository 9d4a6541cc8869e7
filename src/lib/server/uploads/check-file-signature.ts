/**
 * Whether a file's first bytes agree with its extension (docs/product/storage.md#what-is-checked). `detected` is
 * what `file-type` reads from the magic bytes (undefined when it knows no format there).
 * - A type with a signature must show it: a .png that is really a zip, or has no png signature, is refused.
 * - Text types (txt, json, svg) have none; they are refused only when the bytes are a binary format (svg may be XML).
 * - Formats `file-type` does not know (3dm, 4ddat, admf …) are accepted unless the bytes are a program.
 */
const SIGNATURES: Readonly<Record<string, readonly string[]>> = {
  jpg: ['jpg'], jpeg: ['jpg'], jfif: ['jpg'], png: ['png'], webp: ['webp'], gif: ['gif'], bmp: ['bmp'], svgz: ['gz'],
  mp4: ['mp4', 'm4v', 'm4a', 'mov', '3gp'], mp3: ['mp3', 'mp2', 'mp1'],
  zip: ['zip'], '7z': ['7z'], '7zip': ['7z'], rar: ['rar'], u3ma: ['zip'], xtex: ['zip'],
  psd: ['psd'], pdf: ['pdf', 'ai'], ai: ['ai', 'pdf', 'eps', 'ps'],
  // Office files: the newer ones are zip packages file-type often names, the older ones compound files.
  docx: ['docx', 'zip'], xlsx: ['xlsx', 'zip'], pptx: ['pptx', 'zip'], doc: ['cfb', 'doc'], xls: ['cfb', 'xls'], ppt: ['cfb', 'ppt'],
};
const TEXT: Readonly<Record<string, readonly string[]>> = { txt: [], json: [], svg: ['xml'] };
const PROGRAMS = new Set(['exe', 'elf', 'mach', 'msi', 'apk', 'dex', 'class', 'wasm', 'swf', 'dmg', 'deb', 'rpm', 'ps1', 'sh']);

export function signatureAgrees(extension: string, detected: string | undefined): boolean {
  // Own keys only: the extension is the uploader's, and `constructor` is no known type.
  const signatures = Object.hasOwn(SIGNATURES, extension) ? SIGNATURES[extension] : undefined;
  if (signatures) return detected !== undefined && signatures.includes(detected);
  const text = Object.hasOwn(TEXT, extension) ? TEXT[extension] : undefined;
  if (text) return detected === undefined || text.includes(detected);
  return detected === undefined || !PROGRAMS.has(detected);
}
