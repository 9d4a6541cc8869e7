/**
 * What every share landing does first (issue 7; §2 share links and /mobile/share): read the share id, open the
 * share as this viewer, and say where to go when they may not see it yet. Server-only.
 */
import type { AstroGlobal } from 'astro';
import { shareCodeCheckSchema, shareIdSchema, shareLandingPath, type ShareKind } from '../../lib/contracts/shares';
import { loginUrl, safeRedirect } from '../../lib/routes';
import { AppError } from '../../lib/server/errors';
import { RateLimitedError } from '../../lib/server/security/rate-limit';
import { checkShareCode } from '../../lib/server/shares/check-share-code';
import { findShare } from '../../lib/server/shares/find-share';
import { env } from '../../lib/server/env';
import { getMaterialDetail } from '../../lib/server/materials/get-material-detail';
import { countShareView } from '../../lib/server/shares/count-share-view';
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
  if (!opened.own) await countShareView(shareId);
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

export type ShareCodePage = { kind: 'redirect'; to: string } | { kind: 'form'; status: number; live: boolean; expired: boolean; error: string; code: string };

/**
 * The code page's work (§2 /share-validation): a posted right code sets this share's grant cookie and returns to the
 * share (`redirect`, when it is a safe path, else the share's landing); a wrong one, or too many, is said on the form.
 */
export async function shareCodePage(Astro: AstroGlobal, mobile: boolean): Promise<ShareCodePage> {
  const { t } = pageLocals(Astro.locals);
  const idParse = shareIdSchema.safeParse(Astro.url.searchParams.get('shareId') ?? '');
  const found = idParse.success ? await findShare(idParse.data) : ({ state: 'missing' } as const);
  if (!idParse.success || found.state !== 'live') return { kind: 'form', status: found.state === 'expired' ? 410 : 404, live: false, expired: found.state === 'expired', error: '', code: '' };
  const shareId = idParse.data;
  if (Astro.request.method !== 'POST') return { kind: 'form', status: 200, live: true, expired: false, error: '', code: '' };
  const code = String((await Astro.request.formData()).get('code') ?? '').trim();
  const input = shareCodeCheckSchema.safeParse({ shareId, code });
  if (!input.success) return { kind: 'form', status: 422, live: true, expired: false, error: t('validation.shareCode'), code };
  try {
    const grant = await checkShareCode(shareId, input.data.code, pageClientIp(Astro));
    Astro.cookies.set(grantCookieName(shareId), grant.value, { path: '/', httpOnly: true, sameSite: 'lax', secure: Astro.url.protocol === 'https:', expires: grant.expires });
    const landing = shareLandingPath(found.share.kind as ShareKind, shareId);
    return { kind: 'redirect', to: safeRedirect(Astro.url.searchParams.get('redirect'), mobile ? landing.replace(/^\/(buyer|supplier)\/share/, '/mobile/share') : landing) };
  } catch (e) {
    if (e instanceof RateLimitedError) return { kind: 'form', status: 429, live: true, expired: false, error: t('share.tooManyTries', { minutes: Math.ceil(e.retryAfter / 60) }), code };
    if (e instanceof AppError) return { kind: 'form', status: 422, live: true, expired: false, error: t(e.message.startsWith('validation.') ? e.message : 'validation.shareCodeWrong'), code };
    throw e;
  }
}
