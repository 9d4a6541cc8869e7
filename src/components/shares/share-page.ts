/**
 * What every share landing does first (issue 7; §2 share links and /mobile/share): read the share id, open the
 * share as this viewer, and say where to go when they may not see it yet. Server-only.
 */
import type { AstroGlobal } from 'astro';
import { shareIdSchema } from '../../lib/contracts/shares';
import { loginUrl } from '../../lib/routes';
import { env } from '../../lib/server/env';
import { getMaterialDetail } from '../../lib/server/materials/get-material-detail';
import { openShare, type OpenedShare } from '../../lib/server/shares/open-share';
import { grantCookieName } from '../../lib/server/shares/share-grant';
import type { MaterialDetail } from '../../lib/contracts/materials';
import { pageLocals } from '../page-locals';

export type ShareLanding =
  | { kind: 'redirect'; to: string }
  | { kind: 'gone'; status: 404 | 410 }
  | { kind: 'show'; opened: OpenedShare & { info: NonNullable<OpenedShare['info']>; content: NonNullable<OpenedShare['content']> }; shareId: string; detail: MaterialDetail | null };

export async function shareLanding(Astro: AstroGlobal, validationPath: string): Promise<ShareLanding> {
  const { lang, session } = pageLocals(Astro.locals);
  const parsed = shareIdSchema.safeParse(Astro.url.searchParams.get('shareId') ?? '');
  if (!parsed.success) return { kind: 'gone', status: 404 };
  const shareId = parsed.data;
  const opened = await openShare(shareId, { userId: session?.user.id ?? null, grant: Astro.cookies.get(grantCookieName(shareId))?.value }, lang);
  const here = Astro.url.pathname + Astro.url.search;
  if (opened.access === 'missing') return { kind: 'gone', status: 404 };
  if (opened.access === 'expired') return { kind: 'gone', status: 410 };
  if (opened.access === 'needLogin') return { kind: 'redirect', to: loginUrl(here) };
  if (opened.access === 'needCode') return { kind: 'redirect', to: `${validationPath}?${new URLSearchParams({ shareId, redirect: here }).toString()}` };
  if (!opened.info || !opened.content) return { kind: 'gone', status: 404 };
  // A material of a several-material or folder share, opened from its tile: only one the share holds, at its version.
  let detail: MaterialDetail | null = null;
  const materialId = Number(Astro.url.searchParams.get('materialId'));
  const content = opened.content;
  if ((content.kind === 'materials' || content.kind === 'folder') && Number.isSafeInteger(materialId) && materialId > 0) {
    const held = content.materials.find((m) => m.id === materialId);
    if (held) detail = await getMaterialDetail(held.id, held.version, lang, { userId: session?.user.id ?? null, companyId: null, showAliases: false, shared: true });
  }
  return { kind: 'show', opened: { ...opened, info: opened.info, content }, shareId, detail };
}

/** The client address of a page request for rate limits, as the API reads it (X-Forwarded-For only behind a trusted proxy). */
export function pageClientIp(Astro: AstroGlobal): string {
  if (env().TRUST_PROXY) {
    const last = Astro.request.headers.get('x-forwarded-for')?.split(',').map((s) => s.trim()).filter(Boolean).at(-1);
    if (last) return last;
  }
  try {
    return Astro.clientAddress;
  } catch {
    return 'unknown';
  }
}
