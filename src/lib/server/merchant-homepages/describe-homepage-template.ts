import type { HomepageTemplate } from '../../contracts/merchant-homepage';
import { ERROR } from '../../errors';
import type { Lang } from '../../i18n';
import { AppError } from '../errors';
import { listHomepageTemplates } from './list-homepage-templates';

/** One template's name, description and the modules it is made of (100404 for an unknown id). */
export function describeHomepageTemplate(id: number, lang: Lang): HomepageTemplate {
  const template = listHomepageTemplates(lang).find((t) => t.id === id);
  if (!template) throw new AppError(ERROR.empty);
  return template;
}
