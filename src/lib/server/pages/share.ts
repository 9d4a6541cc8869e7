/**
 * The share pages' loaders: a share landing (the share links and /mobile/share) reads the share id, opens the
 * share as this viewer, and says where to go when they may not see it yet; the code page checks a password
 * share's code.
 */
import type { AstroGlobal } from 'astro';
import type { MarketType } from '../../constants';
import { shareCodeCheckSchema, sharedBookBrowseSchema, shareIdSchema, shareLandingPath, type ShareContent, type ShareKind } from '../../contracts/sharing';
import type { Lang } from '../../i18n';
import { loginUrl, safeRedirect } from '../../routes';
import { RateLimitedError } from '../security/rate-limit';
import { checkShareCode } from '../sharing/check-share-code';
import { findShare } from '../sharing/find-share';
import { getMaterialDetail } from '../materials/get-material-detail';
import { countShareView } from '../sharing/count-share-view';
import { openShare, type OpenedShare } from '../sharing/open-share';
import { sharedBookMaterial } from '../sharing/read-shared-material-book';
import { readShareGrant, writeShareGrant } from '../request/cookies';
import { formPost } from './form-post';
import { pageClientIp, pageCookies } from './request';
import type { MaterialDetail } from '../../contracts/materials';
import { pageLocals } from './page-locals';

export type ShareLanding =
  | { kind: 'gone'; status: 404 | 410 }
  | { kind: 'show'; opened: OpenedShare & { info: NonNullable<OpenedShare['info']>; content: NonNullable<OpenedShare['content']> }; shareId: string; detail: MaterialDetail | null };

/**
 * A share landing's work (the share links and /mobile/share): the redirect to answer with when the viewer must
 * sign in or enter the code first, else what to show (a gone share with its status already set).
 */
export async function shareLandingPage(Astro: AstroGlobal, mobile: boolean): Promise<ShareLanding | { kind: 'response'; response: Response }> {
  const { lang, session, market } = pageLocals(Astro.locals);
  const cookies = pageCookies(Astro.cookies);
  const landing = await resolveShareLanding({
    url: Astro.url,
    lang,
    viewer: { userId: session?.user.id ?? null, companyId: session?.company?.id ?? null, market },
    grantOf: (shareId) => readShareGrant(cookies, shareId),
    validationPath: mobile ? '/mobile/share-validation' : '/share-validation',
  });
  if (landing.kind === 'redirect') return { kind: 'response', response: Astro.redirect(landing.to, 302) };
  if (landing.kind === 'gone') Astro.response.status = landing.status;
  return landing;
}

export type ShareLandingRequest = {
  /** The landing's address: `shareId`, and `materialId`, `keywords`, `page` where they apply. */
  url: URL;
  lang: Lang;
  viewer: { userId: number | null; companyId: number | null; market?: MarketType };
  /** The viewer's grant cookie for a share, if any. */
  grantOf: (shareId: string) => string | undefined;
  validationPath: string;
};

/**
 * What a share landing answers for one request, apart from Astro: where to send a viewer who must sign in or enter
 * the code, the gone block's status, or the share to show, with a material opened from its tiles.
 */
export async function resolveShareLanding({ url, lang, viewer, grantOf, validationPath }: ShareLandingRequest): Promise<ShareLanding | { kind: 'redirect'; to: string }> {
  const parsed = shareIdSchema.safeParse(url.searchParams.get('shareId') ?? '');
  if (!parsed.success) return { kind: 'gone', status: 404 };
  const shareId = parsed.data;
  const browse = sharedBookBrowseSchema.parse({ keywords: url.searchParams.get('keywords') ?? undefined, page: url.searchParams.get('page') ?? undefined });
  const opened = await openShare(shareId, { ...viewer, grant: grantOf(shareId) }, lang, undefined, browse);
  const here = url.pathname + url.search;
  if (opened.access === 'missing') return { kind: 'gone', status: 404 };
  if (opened.access === 'expired') return { kind: 'gone', status: 410 };
  if (opened.access === 'needLogin') return { kind: 'redirect', to: loginUrl(here) };
  if (opened.access === 'needCode') return { kind: 'redirect', to: `${validationPath}?${new URLSearchParams({ shareId, redirect: here }).toString()}` };
  if (!opened.info || !opened.content) return { kind: 'gone', status: 404 };
  if (!opened.own) await countShareView(shareId, opened.info.title);
  // A material opened from the share's tiles: only one the share holds, at its version.
  let detail: MaterialDetail | null = null;
  const materialId = Number(url.searchParams.get('materialId'));
  const content = opened.content;
  if (Number.isSafeInteger(materialId) && materialId > 0) {
    const held = await heldMaterial(shareId, content, materialId);
    if (held) detail = await getMaterialDetail(held.id, held.version, lang, { userId: viewer.userId, companyId: null, showAliases: false, shared: true }, viewer.market);
  }
  return { kind: 'show', opened: { ...opened, info: opened.info, content }, shareId, detail };
}

/** The material a tile opens, when the share holds it: a material book's may be on any of its pages. */
async function heldMaterial(shareId: string, content: ShareContent, materialId: number): Promise<{ id: number; version: number } | null> {
  if (content.kind === 'materials' || content.kind === 'folder') return content.materials.find((m) => m.id === materialId) ?? null;
  if (content.kind !== 'materialBook') return null;
  const found = await findShare(shareId);
  return found.state === 'live' ? sharedBookMaterial(found.share, materialId) : null;
}

export type ShareCodePage = { kind: 'response'; response: Response } | { kind: 'form'; status: number; live: boolean; expired: boolean; error: string; code: string };

/**
 * The code page's work (/share-validation, /mobile/share-validation): a posted right code sets this share's grant
 * cookie and returns to the share (`redirect`, when it is a safe path, else the share's landing); a wrong one, or
 * too many, is said on the form.
 */
export async function shareCodePage(Astro: AstroGlobal, mobile: boolean): Promise<ShareCodePage> {
  const { t } = pageLocals(Astro.locals);
  const idParse = shareIdSchema.safeParse(Astro.url.searchParams.get('shareId') ?? '');
  const found = idParse.success ? await findShare(idParse.data) : ({ state: 'missing' } as const);
  if (!idParse.success || found.state !== 'live') return { kind: 'form', status: found.state === 'expired' ? 410 : 404, live: false, expired: found.state === 'expired', error: '', code: '' };
  const shareId = idParse.data;
  const landing = shareLandingPath(found.share.kind as ShareKind, shareId);
  const post = await formPost(Astro, {
    schema: shareCodeCheckSchema,
    read: (form) => ({ shareId, code: form.text('code') }),
    run: async (input) => writeShareGrant(pageCookies(Astro.cookies), shareId, await checkShareCode(shareId, input.code, pageClientIp(Astro)), Astro.url),
    redirect: safeRedirect(Astro.url.searchParams.get('redirect'), mobile ? landing.replace(/^\/(buyer|supplier)\/share/, '/mobile/share') : landing),
    message: (e) => (e instanceof RateLimitedError ? t('share.tooManyTries', { minutes: Math.ceil(e.retryAfter / 60) }) : undefined),
  });
  if (post.response) return { kind: 'response', response: post.response };
  const error = post.failed ? post.formError || post.fieldErrors.code || t('validation.shareCodeWrong') : '';
  return { kind: 'form', status: post.failed ? (Astro.response.status ?? 422) : 200, live: true, expired: false, error, code: post.value('code').trim() };
}
