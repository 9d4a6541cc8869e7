/**
 * The supplier homepage's pages (docs/product/merchant-homepage.md#pages): the builder, its preview, the published
 * page and the shop's homepage tab. Each reads what it needs and hands the markup a view; nothing here writes.
 */
import { z } from 'zod';
import type { SessionContext } from '../../contracts/identity';
import { homepageContentSchema, type HomepageAssets, type Homepage, type HomepageContent, type HomepageTemplate } from '../../contracts/merchant-homepage';
import { merchantIdSchema } from '../../contracts/merchants';
import type { Lang } from '../../i18n';
import { exceedsJsonDepth, JSON_MAX_DEPTH } from '../../json-depth';
import { listDictionaries } from '../catalogue/list-dictionary';
import { AppError, configureValidationMessages, localizeIssues } from '../errors';
import { findHomepage } from '../merchant-homepages/find-homepage';
import { findPublishedHomepage } from '../merchant-homepages/find-published-homepage';
import { listHomepageAssets } from '../merchant-homepages/list-homepage-assets';
import { listHomepageTemplates } from '../merchant-homepages/list-homepage-templates';
import { requireHomepageEditor } from '../merchant-homepages/require-homepage-editor';
import { resolveHomepageView, MATERIAL_BOOK_PATH, type HomepageView } from '../merchant-homepages/resolve-homepage-view';
import { isBuilt } from '../../routes';
import { postedFormData } from './page-body';
import { getT } from '../../i18n';

/** Price unit labels by code, for the material tiles. */
export async function priceUnitLabels(lang: Lang): Promise<Record<string, string>> {
  const { priceUnit = [] } = await listDictionaries(['priceUnit'], lang);
  return Object.fromEntries(priceUnit.map((item) => [item.itemValue, item.label]));
}

/** A company's published homepage ready to render, or null when it has none to show. */
export async function publishedHomepageView(orgId: number, lang: Lang): Promise<{ view: HomepageView; publishedAt: Date | null } | null> {
  const published = await findPublishedHomepage(orgId);
  if (!published) return null;
  return { view: await resolveHomepageView(orgId, published.content, lang), publishedAt: published.publishedAt };
}

/** The public page `/merchant-homepage/detail?orgId=`: the view, or why there is none (a bad or unknown id). */
export async function publishedHomepagePage(url: URL, lang: Lang) {
  const id = merchantIdSchema.safeParse({ orgId: url.searchParams.get('orgId') ?? undefined });
  if (!id.success) return null;
  const found = await publishedHomepageView(id.data.orgId, lang);
  if (!found) return null;
  return { orgId: id.data.orgId, ...found, units: await priceUnitLabels(lang) };
}

/** The caller as a homepage editor, or null when they may not edit it. */
function editorOf(session: SessionContext) {
  try {
    return requireHomepageEditor(session);
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export type BuilderPage =
  | { allowed: false }
  | { allowed: true; orgId: number; homepage: Homepage; templates: HomepageTemplate[]; assets: HomepageAssets; booksShown: boolean };

/** The builder's data, or `allowed: false` for someone who may not edit the homepage (the page then explains, 403). */
export async function homepageBuilderPage(session: SessionContext, lang: Lang): Promise<BuilderPage> {
  const editor = editorOf(session);
  if (!editor) return { allowed: false };
  const [homepage, assets] = await Promise.all([findHomepage(session), listHomepageAssets(editor.companyId, lang)]);
  return { allowed: true, orgId: editor.companyId, homepage, templates: listHomepageTemplates(lang), assets, booksShown: isBuilt(MATERIAL_BOOK_PATH) };
}

/** The builder posts its modules as JSON in this one form field, so the preview shows them before they are saved. */
const previewFormSchema = z.object({ content: z.string().max(2 * 1024 * 1024, 'validation.tooLong') });

export type PreviewPage =
  | { state: 'forbidden' }
  | { state: 'empty' }
  | { state: 'invalid'; problems: string[] }
  | { state: 'ready'; view: HomepageView; units: Record<string, string> };

/**
 * `/content-preview`: the caller company's homepage as buyers would see it. A GET shows the saved draft; a POST
 * from the builder shows the modules it holds (checked with the API's schema, never saved). The same view as the
 * published page renders it, so pictures the company may not show and unsafe markup are gone here too.
 */
export async function homepagePreviewPage(session: SessionContext, page: { request: Request; locals: Partial<App.Locals> }, lang: Lang): Promise<PreviewPage> {
  const editor = editorOf(session);
  if (!editor) return { state: 'forbidden' };
  const { companyId } = editor;
  let content: HomepageContent | null;
  if (page.request.method === 'POST') {
    configureValidationMessages();
    const t = getT(lang);
    const posted = await postedFormData(page);
    const form = previewFormSchema.safeParse(posted ? Object.fromEntries(posted) : {});
    if (!form.success) return { state: 'invalid', problems: localizeIssues(form.error.issues, t).map((f) => f.message) };
    // The API's depth check, before JSON.parse spends its second on a megabyte of `[`.
    if (exceedsJsonDepth(form.data.content, JSON_MAX_DEPTH)) return { state: 'invalid', problems: [t('validation.bodyTooDeep', { maximum: String(JSON_MAX_DEPTH) })] };
    let json: unknown;
    try {
      json = JSON.parse(form.data.content);
    } catch {
      return { state: 'invalid', problems: [t('validation.invalidType')] };
    }
    const parsed = homepageContentSchema.safeParse(json);
    if (!parsed.success) return { state: 'invalid', problems: localizeIssues(parsed.error.issues, t).map((f) => `${f.field}: ${f.message}`) };
    content = parsed.data;
  } else {
    content = (await findHomepage(session)).draft;
  }
  if (!content || content.modules.length === 0) return { state: 'empty' };
  const [view, units] = await Promise.all([resolveHomepageView(companyId, content, lang), priceUnitLabels(lang)]);
  return view.blocks.length ? { state: 'ready', view, units } : { state: 'empty' };
}
