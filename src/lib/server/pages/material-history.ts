/**
 * The version history page's loader (docs/product/supplier.md#versions-diff-and-revert): the company's material's
 * versions, and the two the URL chooses (by default the latest and the one before it) side by side.
 */
import { z } from 'zod';
import type { MaterialDiff } from '../../contracts/material-edit';
import type { Lang } from '../../i18n';
import { diffMaterialVersions } from '../materials/diff-material-versions';
import { listMaterialVersions, type MaterialVersionRow } from '../materials/list-material-versions';
import { expected } from './expected';

export type MaterialHistory = { kind: 'ok'; materialId: number; versions: MaterialVersionRow[]; from: number; to: number; diff: MaterialDiff | null } | { kind: 'notFound' };

const idSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const versionSchema = z.coerce.number().int().min(1).max(1_000_000);

export async function loadMaterialHistory(companyId: number, url: URL, lang: Lang): Promise<MaterialHistory> {
  const materialId = idSchema.safeParse(url.searchParams.get('materialId'));
  if (!materialId.success) return { kind: 'notFound' };
  const found = await expected(listMaterialVersions(companyId, materialId.data));
  if (!found.ok) return { kind: 'notFound' };
  const versions = found.value;
  const known = new Set(versions.map((v) => v.version));
  const pick = (name: string, fallback: number) => {
    const v = versionSchema.safeParse(url.searchParams.get(name));
    return v.success && known.has(v.data) ? v.data : fallback;
  };
  const latest = versions[0]?.version ?? 1;
  const to = pick('to', latest);
  const from = pick('from', versions.find((v) => v.version < to)?.version ?? to);
  const diff = versions.length > 1 ? await diffMaterialVersions(companyId, materialId.data, from, to, lang) : null;
  return { kind: 'ok', materialId: materialId.data, versions, from, to, diff };
}
