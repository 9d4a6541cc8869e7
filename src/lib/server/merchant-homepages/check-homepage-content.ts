import { and, eq, inArray } from 'drizzle-orm';
import type { FieldIssue } from '../../errors';
import { ERROR } from '../../errors';
import type { HomepageContent, HomepageModule } from '../../contracts/merchant-homepage';
import { getDb } from '../db/client';
import { materials } from '../db/schema';
import { AppError } from '../errors';
import { visibleMaterial } from '../materials/published-material';
import { findOwnImages } from './find-own-images';
import { sanitizeRichText } from './sanitize-rich-text';

/** The companies' materials among `ids` that anyone may see. */
async function publishedOf(companyId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await getDb()
    .select({ id: materials.id })
    .from(materials)
    .where(and(inArray(materials.id, ids), eq(materials.companyId, companyId), visibleMaterial));
  return new Set(rows.map((r) => r.id));
}

/**
 * Modules as they may be kept (docs/product/merchant-homepage.md#rules): rich text sanitised, and every picture and
 * material named the company's own, a material also published. Refuses the whole homepage with each field at fault
 * (300068), so a save never keeps half of what was sent.
 */
export async function checkHomepageContent(companyId: number, modules: HomepageModule[]): Promise<HomepageContent> {
  const cleaned = modules.map((module) => (module.type === 'richText' ? { module: { ...module, html: '' }, rich: sanitizeRichText(module.html) } : { module, rich: null }));
  const imageIds = cleaned.flatMap(({ module, rich }) =>
    module.type === 'banner' ? module.slides.map((s) => s.imageId) : module.type === 'imageText' && module.imageId !== null ? [module.imageId] : (rich?.imageIds ?? []),
  );
  const materialIds = modules.flatMap((m) => (m.type === 'materials' ? m.materialIds : []));
  const [ownImages, published] = await Promise.all([findOwnImages(companyId, imageIds), publishedOf(companyId, [...new Set(materialIds)])]);

  const issues: FieldIssue[] = [];
  const issue = (field: string, message: string) => issues.push({ field, message });
  const kept = cleaned.map(({ module, rich }, i): HomepageModule => {
    const at = `modules[${i}]`;
    switch (module.type) {
      case 'banner':
        module.slides.forEach((s, j) => ownImages.has(s.imageId) || issue(`${at}.slides[${j}].imageId`, 'validation.imageNotOwn'));
        return module;
      case 'imageText':
        if (module.imageId !== null && !ownImages.has(module.imageId)) issue(`${at}.imageId`, 'validation.imageNotOwn');
        return module;
      case 'materials':
        module.materialIds.forEach((id, j) => published.has(id) || issue(`${at}.materialIds[${j}]`, 'validation.materialNotFound'));
        return module;
      case 'richText':
        if (rich && rich.imageIds.some((id) => !ownImages.has(id))) issue(`${at}.html`, 'validation.imageNotOwn');
        return { ...module, html: rich?.html ?? '' };
      default:
        return module;
    }
  });
  if (issues.length) throw new AppError(ERROR.fieldInvalid, { message: issues[0]!.message, fields: issues });
  return { modules: kept };
}
