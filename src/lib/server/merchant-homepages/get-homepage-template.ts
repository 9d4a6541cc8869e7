import type { SessionContext } from '../../contracts/identity';
import type { HomepageTemplateModules } from '../../contracts/merchant-homepage';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { AppError } from '../errors';
import { fillHomepageTemplate } from './fill-homepage-template';
import { templateById } from './homepage-templates';
import { requireHomepageEditor } from './require-homepage-editor';

/**
 * A template's modules ready to edit (docs/product/merchant-homepage.md#templates), filled with the caller company's
 * own pictures, materials and contact details. Nothing is saved: the builder saves when the editor does.
 */
export async function getHomepageTemplate(session: SessionContext, id: number, lang: Lang): Promise<HomepageTemplateModules> {
  const { companyId } = requireHomepageEditor(session);
  const template = templateById(id);
  if (!template) throw new AppError(ERROR.empty);
  return { id: template.id, key: template.key, modules: await fillHomepageTemplate(companyId, template, lang) };
}
