/**
 * The switch page (docs/product/routes.md#route-guard): a session offered in a URL that came from another site, or that would replace
 * someone else signed in here, waits for the user's yes. The page shows who the session belongs to (and who is
 * signed in now); only its form post, which the guard holds to this origin, sets the cookie, and only while the
 * session is still live.
 */
import { sessionSwitchSchema } from '../../contracts/identity';
import { safeRedirect } from '../../routes';
import { needLogin } from '../errors';
import { findSession } from '../identity/find-session';
import { SESSION_TOKEN_PATTERN } from '../identity/session-token';
import type { CookieJar } from '../request/cookies';
import { writeSessionCookie } from '../request/cookies';
import { formPost, type PageContext } from './form-post';
import { pageLocals } from './page-locals';

export interface SessionSwitchView {
  /** Who the offered session signs in as; null when there is none or it is no longer live. */
  target: { name: string; account: string } | null;
  /** Who is signed in here now, when that is someone else. */
  current: { name: string; account: string } | null;
  /** The offered token, for the form; empty without a target. */
  token: string;
  /** Where both answers lead: a same-site path to a known route. */
  next: string;
}

const shown = (user: { name: string; nickName: string; account: string }) => ({ name: user.nickName || user.name || user.account, account: user.account });

/** The page's post (which redirects once the session is taken) or what it shows; a dead offer shows no target. */
export async function sessionSwitchPage(page: PageContext, jar: CookieJar): Promise<{ response: Response | null; view: SessionSwitchView }> {
  const post = await formPost(page, {
    schema: sessionSwitchSchema,
    run: async ({ ilt, redirect }) => {
      if (!(await findSession(ilt))) throw needLogin();
      writeSessionCookie(jar, ilt, page.url);
      return safeRedirect(redirect);
    },
    redirect: (next) => next,
  });
  const next = safeRedirect(page.url.searchParams.get('redirect'));
  if (post.response) return { response: post.response, view: { target: null, current: null, token: '', next } };

  const offered = page.url.searchParams.get('ilt') ?? '';
  const target = (SESSION_TOKEN_PATTERN.test(offered) ? await findSession(offered) : null)?.user ?? null;
  const { session } = pageLocals(page.locals);
  const current = session && target && session.user.id !== target.id ? shown(session.user) : null;
  return { response: null, view: { target: target && shown(target), current, token: target ? offered : '', next } };
}
