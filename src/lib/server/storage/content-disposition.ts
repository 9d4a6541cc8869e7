/**
 * `Content-Disposition: attachment` with the name a person gave the file: an ASCII fallback for old clients and the
 * UTF-8 name (RFC 6266 / 5987) for the rest, so a Chinese name survives the download.
 */
export function attachmentDisposition(name?: string): string {
  if (!name) return 'attachment';
  const clean = name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_');
  const ascii = clean.replace(/[^\x20-\x7e]/g, '_');
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
