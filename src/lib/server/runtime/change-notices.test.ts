import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Copies kept in memory are only as good as the rule that every writer of what they copy drops them: checked on
// the sources, so a new writer that forgets fails here rather than serving stale answers.
const SERVER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

const domainFiles = sources(SERVER)
  .map((file) => path.relative(SERVER, file).split(path.sep).join('/'))
  // The seed writes before the server answers anything.
  .filter((file) => !file.startsWith('seed/'))
  .map((file) => ({ file, text: readFileSync(path.join(SERVER, file), 'utf8') }));

function writersOf(tables: string[]) {
  const writes = new RegExp(`\\.(update|insert|delete)\\((${tables.join('|')})\\)`);
  return domainFiles.filter(({ text }) => writes.test(text));
}

describe('copies in memory', () => {
  it('sessions are forgotten by every domain function that changes users, sessions, companies, memberships or roles', () => {
    // Writers that cannot change a session anyone holds, each with the reason.
    const exempt: Record<string, string> = {
      'identity/find-session.ts': 'only moves last_seen_at, which the cached entry tracks itself',
      'identity/start-session.ts': 'a new session nobody has cached; last_login_at is not part of a session',
      'identity/hand-off-session.ts': 'a new session, as above',
      'identity/register-account.ts': 'a new user, who has no session yet',
      'identity/link-oidc-user.ts': 'a new user with a new personal company, whom no session knows yet',
      'identity/change-password.ts': 'the password hash only; it ends the sessions through revokeAllSessions',
      'identity/reset-password.ts': 'as above',
      'identity/bind-account.ts': 'the e-mail or mobile number, which a session does not carry',
      'notifications/save-news-settings.ts': 'the language of news e-mails, which a session does not carry',
    };
    const writers = writersOf(['users', 'sessions', 'companies', 'companyMembers', 'companyRoles', 'memberRoles']);
    expect(writers.length).toBeGreaterThan(10);
    expect(writers.filter(({ file, text }) => !(file in exempt) && !text.includes('forgetSessions()')).map((w) => w.file)).toEqual([]);
  });

  it('store listings are forgotten by every domain function that changes materials, their colors or facets, or suppliers', () => {
    const exempt: Record<string, string> = {
      'identity/register-account.ts': 'a new personal company, which has no materials',
      'identity/link-oidc-user.ts': 'as above',
    };
    const writers = writersOf(['materials', 'colorCards', 'materialFacets', 'merchantProfiles', 'companies']);
    expect(writers.length).toBeGreaterThan(5);
    expect(writers.filter(({ file, text }) => !(file in exempt) && !text.includes('forgetListings()')).map((w) => w.file)).toEqual([]);
  });

  it('unread news counts are forgotten by every domain function that writes news or marks it read', () => {
    const exempt: Record<string, string> = {
      'notifications/deliver-news-email.ts': 'records when the e-mail went, which is not what the badge counts',
      'notifications/prune-news.ts': 'deletes news older than a year, long read or long unseen; the badge catches up within its lifetime',
    };
    const writers = writersOf(['notifications']);
    expect(writers.length).toBeGreaterThanOrEqual(4);
    expect(writers.filter(({ file, text }) => !(file in exempt) && !text.includes('forgetNewsCounts()')).map((w) => w.file)).toEqual([]);
  });

  it('sample bag counts are forgotten by every domain function that adds items to a bag or takes them out', () => {
    const exempt: Record<string, string> = { 'sampling/update-sample-quantity.ts': 'changes an item\'s quantity, not how many items there are' };
    const writers = writersOf(['sampleBagItems']);
    expect(writers.length).toBeGreaterThanOrEqual(4);
    expect(writers.filter(({ file, text }) => !(file in exempt) && !text.includes('forgetSampleCounts()')).map((w) => w.file)).toEqual([]);
  });
});
