import type { Lang } from '../../i18n';
import { getT } from '../../i18n';
import { FILE_KEY_PATTERN } from '../../upload/file-key';
import { AppError } from '../errors';
import { ERROR } from '../../errors';

/** Every object a company uploads lives under its own prefix (docs/product/storage.md#data). */
export const companyPrefix = (companyId: number) => `u/${companyId}/`;
export const relativePathOf = (companyId: number, fileKey: string) => `${companyPrefix(companyId)}${fileKey}`;

/** The file key of a relative path under the company's prefix, or null when the path is anything else. */
export function fileKeyInPrefix(companyId: number, relativePath: string): string | null {
  const prefix = companyPrefix(companyId);
  if (!relativePath.startsWith(prefix)) return null;
  const fileKey = relativePath.slice(prefix.length);
  return FILE_KEY_PATTERN.test(fileKey) ? fileKey : null;
}

/** A refusal about one file, its message already in the caller's language (it names the file and the rule). */
export function fileRefused(code: number, lang: Lang, key: string, params: Record<string, unknown>, field = 'file'): AppError {
  const message = getT(lang)(key, params);
  return new AppError(code, { message, fields: [{ field, message }] });
}

/** The upload or file does not exist, or belongs to another company: the same answer, so nothing leaks. */
export const uploadNotFound = () => new AppError(ERROR.empty, { message: 'validation.fileUploadNotFound' });
