/**
 * What /material/detail and /mobile/detail share: reading the query (materialId, categoryId, refer, folderId),
 * loading the material, and deciding the outcome for a bad or unknown id (the empty page, with its status).
 * Pages only render the result.
 */
import type { AstroGlobal } from 'astro';
import { z } from 'zod';
import { DETAIL_VERSION_LATEST } from '../../constants';
import type { MaterialDetail } from '../../contracts/materials';
import { AppError } from '../errors';
import { getMaterialDetail } from '../materials/get-material-detail';
import { pageLocals, type PageLocals } from './page-locals';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const detailQuery = z.object({
  materialId: id,
  categoryId: id.optional(),
  version: z.coerce.number().int().min(-1).max(1_000_000).default(DETAIL_VERSION_LATEST),
  refer: z.string().max(200).optional(),
  folderId: id.optional(),
});

export type DetailOutcome =
  | { kind: 'ok'; detail: MaterialDetail }
  | { kind: 'redirect'; location: string }
  | { kind: 'problem'; status: 400 | 404; reason: 'invalid' | 'notFound' };

export async function loadMaterialDetail(url: URL, locals: PageLocals): Promise<DetailOutcome> {
  const parsed = detailQuery.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return { kind: 'problem', status: 400, reason: 'invalid' };
  const { materialId, categoryId, version } = parsed.data;
  const session = locals.session;
  const viewer = { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null, showAliases: session?.user.showAliases ?? false };
  try {
    const detail = await getMaterialDetail(materialId, version, locals.lang, viewer, locals.market);
    // A link naming another category (moved since, or edited by hand) goes to the material's own address.
    if (categoryId !== undefined && !detail.categoryPath.some((c) => c.id === categoryId)) {
      const canonical = new URL(url);
      canonical.searchParams.set('categoryId', String(detail.categoryId));
      return { kind: 'redirect', location: `${canonical.pathname}${canonical.search}` };
    }
    return { kind: 'ok', detail };
  } catch (err) {
    if (err instanceof AppError) return { kind: 'problem', status: 404, reason: 'notFound' };
    throw err;
  }
}

export type DetailPage = { kind: 'response'; response: Response } | { kind: 'page'; detail: MaterialDetail | null; invalid: boolean };

/** The detail pages' start: the redirect to answer with, or the material (none, with the status set, when it is not there). */
export async function materialDetailPage(Astro: AstroGlobal): Promise<DetailPage> {
  const outcome = await loadMaterialDetail(Astro.url, pageLocals(Astro.locals));
  if (outcome.kind === 'redirect') return { kind: 'response', response: Astro.redirect(outcome.location, 301) };
  if (outcome.kind === 'problem') Astro.response.status = outcome.status;
  return { kind: 'page', detail: outcome.kind === 'ok' ? outcome.detail : null, invalid: outcome.kind === 'problem' && outcome.reason === 'invalid' };
}
