import { eq } from 'drizzle-orm';
import type { SessionContext } from '../../contracts/identity';
import type { Homepage, HomepageModule } from '../../contracts/merchant-homepage';
import { ERROR, type FieldIssue } from '../../errors';
import { getDb } from '../db/client';
import { merchantHomepages } from '../db/schema';
import { AppError } from '../errors';
import { checkHomepageContent } from './check-homepage-content';
import { findHomepage } from './find-homepage';
import { requireHomepageEditor } from './require-homepage-editor';

/** The field of a module that leaves it with nothing to show, if any. */
function emptyField(module: HomepageModule): string | null {
  switch (module.type) {
    case 'banner':
      return module.slides.length === 0 ? 'slides' : null;
    case 'materials':
      return module.materialIds.length === 0 ? 'materialIds' : null;
    case 'richText':
      return module.html.replace(/<(?!img\b)[^>]*>/g, '').trim() === '' ? 'html' : null;
    case 'imageText':
      return module.imageId === null && module.text === '' ? 'text' : null;
    case 'contact':
      return module.phone === '' && module.email === '' && module.address === '' ? 'phone' : null;
    case 'intro':
      return !module.showProfile && module.text === '' ? 'text' : null;
    case 'books':
      return null;
  }
}

/**
 * Publishes the draft (docs/product/merchant-homepage.md#states): checked again as at save (pictures and materials
 * may have gone since), every module must show something, and then the draft becomes what buyers see. A refusal
 * changes nothing.
 */
export async function publishHomepage(session: SessionContext, orgId?: number): Promise<Homepage> {
  const { companyId, userId } = requireHomepageEditor(session, orgId);
  const [row] = await getDb().select({ draft: merchantHomepages.draft }).from(merchantHomepages).where(eq(merchantHomepages.companyId, companyId));
  const modules = row?.draft.modules ?? [];
  if (modules.length === 0) throw new AppError(ERROR.fieldRequired, { message: 'validation.required', fields: [{ field: 'modules', message: 'validation.required' }] });
  const empty: FieldIssue[] = modules.flatMap((m, i) => {
    const field = emptyField(m);
    return field ? [{ field: `modules[${i}].${field}`, message: 'validation.required' }] : [];
  });
  if (empty.length) throw new AppError(ERROR.fieldRequired, { message: 'validation.required', fields: empty });
  const content = await checkHomepageContent(companyId, modules);
  // Only the published copy is written: a save landing meanwhile keeps its draft, to be published next.
  await getDb().update(merchantHomepages).set({ published: content, publishedAt: new Date(), updatedBy: userId }).where(eq(merchantHomepages.companyId, companyId));
  return findHomepage(session);
}
