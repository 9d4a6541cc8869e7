/**
 * The material editor page's start (docs/product/material-editor.md#the-page): who may use it, the material to edit (or none for a new one)
 * and everything the form draws on. Another company's, a deleted or an unknown id is the 404 page.
 */
import type { AstroGlobal } from 'astro';
import { z } from 'zod';
import type { CategoryNode } from '../../contracts/catalogue';
import type { MaterialEditSource } from '../../contracts/material-edit';
import { ERROR } from '../../errors';
import type { EditorCatalogue } from '../../material-editor';
import { listCategoryTree } from '../catalogue/list-categories';
import { loadEditorCatalogue } from '../catalogue/load-editor-catalogue';
import { AppError } from '../errors';
import { loadMaterialEditSource } from '../materials/load-material-edit-source';
import { pageLocals } from './page-locals';

const query = z.object({ materialId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() });

export type EditorPage =
  | { kind: 'notFound' }
  | { kind: 'forbidden' }
  | { kind: 'editor'; companyId: number; source: MaterialEditSource | null; categories: CategoryNode[]; catalogue: EditorCatalogue };

export async function materialEditorPage(Astro: AstroGlobal): Promise<EditorPage> {
  const { session, lang } = pageLocals(Astro.locals);
  const company = session?.company ?? null;
  if (!session || !company || !session.permissions.includes('FUN001')) {
    Astro.response.status = 403;
    return { kind: 'forbidden' };
  }
  const parsed = query.safeParse({ materialId: Astro.url.searchParams.get('materialId') ?? undefined });
  if (!parsed.success) {
    Astro.response.status = 404;
    return { kind: 'notFound' };
  }
  let source: MaterialEditSource | null = null;
  if (parsed.data.materialId) {
    try {
      source = await loadMaterialEditSource(company.id, parsed.data.materialId);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== ERROR.empty) throw err;
      Astro.response.status = 404;
      return { kind: 'notFound' };
    }
  }
  const [categories, catalogue] = await Promise.all([listCategoryTree(lang), loadEditorCatalogue(lang)]);
  return { kind: 'editor', companyId: company.id, source, categories, catalogue };
}
