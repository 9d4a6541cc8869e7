import type { HomepageTemplate } from '../../contracts/merchant-homepage';
import type { Lang } from '../../i18n';
import { HOMEPAGE_TEMPLATES, templateModuleTypes } from './homepage-templates';

/** The built-in templates as the builder offers them, in the reader's language. */
export function listHomepageTemplates(lang: Lang): HomepageTemplate[] {
  return HOMEPAGE_TEMPLATES.map((t) => ({ id: t.id, key: t.key, name: t.name[lang], description: t.description[lang], moduleTypes: templateModuleTypes(t) }));
}
