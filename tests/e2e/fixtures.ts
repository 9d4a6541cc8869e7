/**
 * What every journey stands on. Each journey gets people and companies of its own, made through the domain
 * functions in the very database the server under test uses, so no journey depends on another or on the order they
 * run in; the browser is signed in by the session cookie (journeys about the login form fill the form in with these
 * same fresh accounts). Each journey also fails on an error it caused that its own checks would not see: one in the
 * browser console of any page it opened, or one in the server's log.
 */
import './worker-env';
import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { test as base, expect, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';
import { eq } from 'drizzle-orm';
import { USER_TYPE } from '../../src/lib/constants';
import { USAGE_OPT_OUT_COOKIE, USAGE_OPT_OUT_VALUE } from '../../src/lib/contracts/analytics-rules';
import { CER_STATUS } from '../../src/lib/contracts/certification';
import { closeDb, getDb } from '../../src/lib/server/db/client';
import { apps, companies, users } from '../../src/lib/server/db/schema';
import { SESSION_COOKIE } from '../../src/lib/server/identity/session-token';
import { addDays } from '../../src/lib/server/membership/add-days';
import { approveApp } from '../../src/lib/server/membership/approve-app';
import { consumeQuota } from '../../src/lib/server/membership/consume-quota';
import { grantPackage } from '../../src/lib/server/membership/grant-package';
import { openApp } from '../../src/lib/server/membership/open-app';
import { APP_TERM_DAYS } from '../../src/lib/contracts/membership';
import { createEnterprise, createSession, createUser, type UserFixture } from '../fixtures/identity';
import { errorOf } from '../fixtures/error-log';
import { createMaterial } from '../fixtures/materials';
import { SERVER_LOG } from './server';

export { expect };

/** A person with an account. `companyId` is the company their session works in: an enterprise, for a supplier. */
export interface Person extends UserFixture {
  name: string;
  nickName: string;
  /** Every account has a personal company (a personal space), whatever else it belongs to. */
  personal: { id: number; name: string };
}

/** A certified supplier company (a merchant), its administrator, a plain member, and its published materials. */
export interface Supplier {
  companyId: number;
  name: string;
  admin: Person;
  member: Person;
  materials: { id: number; name: string }[];
}

/**
 * The supplier's materials. Two names share a word the third lacks, to search a shop by; none shares a word with
 * the demo catalogue that journeys search for, and their category is one no journey filters the store by, so
 * journeys counting the demo catalogue are not thrown off by suppliers other journeys make at the same time.
 */
export const SUPPLIER_MATERIALS = ['雾面水溶蕾丝', '雾面睫毛蕾丝', '亮片镂空蕾丝'] as const;
const SUPPLIER_CATEGORY = 'chemical-lace';

type Fixtures = {
  /**
   * The console errors (or page errors) a journey provokes on purpose, matched against `text [url]`: one pattern
   * (alternatives joined by `|`), since Playwright would take a list of two for a value and its options.
   */
  allowedConsoleErrors: RegExp | undefined;
  /**
   * Whether the journey's browsers send usage data (docs/product/insights.md). Off unless a journey is about it: every
   * journey comes from one address, whose usage-event budget a whole run would spend, and a refused beacon is a
   * console error. Off is the visitor's own opt-out cookie, so the pages are the ones an opted-out visitor gets.
   */
  usageData: boolean;
  buyer: Person;
  /** A platform administrator. */
  admin: Person;
  supplier: Supplier;
  /** Signs a person in, in the journey's browser unless another context is given, without the login form. */
  signIn: (person: Person, context?: BrowserContext) => Promise<void>;
  /** A page in a browser of its own (someone else's phone or computer), watched like the journey's, closed after it. */
  newPage: (options?: BrowserContextOptions) => Promise<Page>;
  watchConsole: (context: BrowserContext) => void;
  serverErrors: void;
};

const tag = () => randomUUID().slice(0, 8);

const usageOptOut = (baseURL: string | undefined) => ({ name: USAGE_OPT_OUT_COOKIE, value: USAGE_OPT_OUT_VALUE, url: baseURL ?? '', sameSite: 'Lax' as const });

/** Gives a fresh account a person's names, and their personal company a name of its own. */
async function named(user: UserFixture, role: number, name: string, nickName: string, worksIn = user.companyId): Promise<Person> {
  const personal = { id: user.companyId, name: `${name}的个人空间 ${tag()}` };
  await getDb().update(users).set({ name, nickName, role }).where(eq(users.id, user.id));
  await getDb().update(companies).set({ orgName: personal.name, role }).where(eq(companies.id, personal.id));
  return { ...user, companyId: worksIn, name, nickName, personal };
}

const newPerson = async (role: number, name: string, nickName: string) => named(await createUser({ role }), role, name, nickName);

async function newSupplier(): Promise<Supplier> {
  const t = tag();
  const name = `华研皮革有限公司 ${t}`;
  const { companyId, admin, member } = await createEnterprise({
    company: { orgName: name, nameEn: `Huayan Leather Co., Ltd. ${t}`, role: USER_TYPE.supplier, corpCerStatus: CER_STATUS.certified, corpType: 'limited', bizModel: 'manufacturer' },
    userRole: USER_TYPE.supplier,
  });
  const materials = [];
  for (const [i, material] of SUPPLIER_MATERIALS.entries()) {
    const nameCn = `${material} ${t}`;
    const { id } = await createMaterial(companyId, SUPPLIER_CATEGORY, { nameCn, nameEn: `Lace ${t}-${i + 1}`, serialNo: `${t}-${i + 1}` });
    materials.push({ id, name: nameCn });
  }
  return {
    companyId,
    name,
    admin: await named(admin, USER_TYPE.supplier, '王供应', 'Wang', companyId),
    member: await named(member, USER_TYPE.supplier, '赵成员', 'Zhao', companyId),
    materials,
  };
}

/**
 * A membership that has been lived in: the standard package bought 75 days ago with 386 of its 1,000 material
 * uploads used, two apps open, one whose term has run out, and the data-export app never opened.
 */
export async function holdStandardPackage(companyId: number): Promise<void> {
  const now = new Date();
  const bought = addDays(now, -75);
  await grantPackage(companyId, 'STANDARD', { startedAt: bought });
  await consumeQuota(companyId, 'MATERIAL_UPLOAD', 386, { now });
  const appIds = new Map((await getDb().select({ id: apps.id, code: apps.code }).from(apps)).map((a) => [a.code, a.id]));
  const app = (code: string) => {
    const id = appIds.get(code);
    if (id === undefined) throw new Error(`no app ${code}: the demo catalogue seeds it`);
    return id;
  };
  await openApp(companyId, app('MATERIAL_BOOK'), 'cn', bought);
  await openApp(companyId, app('HOMEPAGE'), 'cn', bought);
  const longAgo = addDays(now, -(APP_TERM_DAYS + 30));
  await openApp(companyId, app('ENTERPRISE_LIBRARY'), 'cn', longAgo);
  await approveApp(companyId, app('ENTERPRISE_LIBRARY'), 'cn', longAgo);
}

export const test = base.extend<Fixtures, { database: void }>({
  allowedConsoleErrors: [undefined, { option: true }],
  usageData: [false, { option: true }],

  context: async ({ context, usageData, baseURL }, use) => {
    if (!usageData) await context.addCookies([usageOptOut(baseURL)]);
    await use(context);
  },

  // The pool is the worker's own: ended when the worker stops, so the server's database is not left with its connections.
  database: [
    async ({}, use) => {
      await use();
      await closeDb();
    },
    { scope: 'worker', auto: true },
  ],

  buyer: async ({}, use) => use(await newPerson(USER_TYPE.buyer, '林设计', 'Lin')),

  admin: async ({}, use) => {
    const admin = await newPerson(USER_TYPE.buyer, '平台管理员', 'Admin');
    await getDb().update(users).set({ isPlatformAdmin: true }).where(eq(users.id, admin.id));
    await use(admin);
  },

  supplier: async ({}, use) => use(await newSupplier()),

  signIn: async ({ context, baseURL }, use) => {
    await use(async (person, into = context) => {
      const token = await createSession(person);
      await into.addCookies([{ name: SESSION_COOKIE, value: token, url: baseURL ?? '', httpOnly: true, sameSite: 'Lax' }]);
    });
  },

  watchConsole: [
    async ({ context, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      const watch = (watched: BrowserContext) => {
        watched.on('console', (message) => {
          if (message.type() === 'error') errors.push(`${message.text()} [${message.location().url}]`);
        });
        watched.on('weberror', (error) => errors.push(`${error.error().message} [${error.page()?.url() ?? ''}]`));
      };
      watch(context);
      await use(watch);
      expect(errors.filter((error) => !allowedConsoleErrors?.test(error)), 'errors in the browser console').toEqual([]);
    },
    { auto: true },
  ],

  newPage: async ({ browser, baseURL, watchConsole, usageData }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async (options = {}) => {
      const context = await browser.newContext({ baseURL, locale: 'zh-CN', ...options });
      if (!usageData) await context.addCookies([usageOptOut(baseURL)]);
      contexts.push(context);
      watchConsole(context);
      return context.newPage();
    });
    for (const context of contexts) await context.close();
  },

  // With two workers the log is shared: an error is put down to every journey running while it was logged, so it
  // fails the journey that caused it and, when two overlap, the other one too.
  serverErrors: [
    async ({}, use) => {
      const from = (await stat(SERVER_LOG)).size;
      await use();
      const errors = (await readFile(SERVER_LOG)).subarray(from).toString('utf8').split('\n').map(errorOf).filter((error) => error !== null);
      expect(errors, 'errors in the server log').toEqual([]);
    },
    { auto: true },
  ],
});
