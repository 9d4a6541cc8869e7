import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt, spawnServer, startServer, tempDataDir } from './server-process';

beforeAll(() => ensureBuilt());

async function storedIds(dataDir: string): Promise<Set<number>> {
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'pgdata'), extensions: { vector, pg_trgm } });
  try {
    const { rows } = await db.query<{ id: number }>("select id::int as id from analytics_events where session_id like 'writer-%'");
    return new Set(rows.map((r) => r.id));
  } finally {
    await db.close();
  }
}

/**
 * Writers that post events until the server stops answering; returns the ids the server acknowledged. Usage events
 * are rate-limited per address and per session, so each writer comes from its own address (through the trusted
 * proxy header) and each call from its own session.
 */
async function writeUntilRefused(url: string, writers: number, onAck: (total: number) => void): Promise<number[]> {
  const acked: number[] = [];
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let n = 0; ; n += 1) {
        try {
          const res = await fetch(`${url}/api/data-transit/data/collect`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${w + 1}` },
            body: JSON.stringify({ content: [{ event: 'load.write', sessionId: `writer-${w}-${n}`, roleCode: 502, properties: { w, n } }] }),
          });
          if (res.status !== 200) return;
          const body = (await res.json()) as { code: number; data: { ids: number[] } };
          if (body.code !== 200) return;
          acked.push(...body.data.ids);
          onAck(acked.length);
        } catch {
          return; // connection refused or reset: the server has stopped
        }
      }
    }),
  );
  return acked;
}

/** Signs in as the demo supplier, works in its first enterprise, and saves one of its materials as a new version. */
async function saveAMaterial(url: string): Promise<{ status: number; code: number }> {
  const login = await fetch(`${url}/api/idealab-material/passport/login/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'supplier@matlib.demo', password: 'matlib-demo' }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const P = `${url}/api/idealab-material/passport`;
  const companies = (await (await fetch(`${P}/company/list`, { headers: { cookie } })).json()) as { data: { id: number; isPersonal: boolean }[] };
  const enterprise = companies.data.find((c) => !c.isPersonal)!;
  await fetch(`${P}/select-company?companyId=${enterprise.id}`, { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
  const list = (await (await fetch(`${url}/api/idealab-material/v2/material/supplier/list`, { headers: { cookie } })).json()) as { data: { records: { id: number }[] } };
  const source = (await (await fetch(`${url}/api/idealab-material/v2/material/edit/source?materialId=${list.data.records[0]!.id}`, { headers: { cookie } })).json()) as {
    data: { id: number; categoryId: number; attrs: Record<string, unknown>; colorCards: { id: number; name: string; hex: string; isDefault: number; images: { id: number }[] }[]; cover: { id: number } | null };
  };
  const s = source.data;
  const body = { materialId: s.id, categoryId: s.categoryId, marketType: 1, attrs: s.attrs, colorCards: s.colorCards.map((c) => ({ id: c.id, name: c.name, hex: c.hex, isDefault: c.isDefault, imageIds: c.images.map((i) => i.id) })), coverImageId: s.cover?.id ?? null };
  // The seed's attributes include some the category's form does not show; the editor leaves those out, and so does this.
  for (;;) {
    const res = await fetch(`${url}/api/idealab-material/v2/material/edit`, { method: 'POST', headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' }, body: JSON.stringify(body), signal: AbortSignal.timeout(20_000) });
    const answer = (await res.json()) as { code: number; data: { fields?: { field: string }[] } };
    const unknown = answer.code === 300068 ? (answer.data.fields ?? []).map((f) => f.field.replace(/^attrs\./, '')).filter((code) => code in body.attrs) : [];
    if (unknown.length === 0) return { status: res.status, code: answer.code };
    for (const code of unknown) delete body.attrs[code];
  }
}

describe('the server process', () => {
  it('saves a material first thing after a restart: the job queue never waits on the save\'s own transaction', async () => {
    const dataDir = tempDataDir();
    const seeded = await startServer(dataDir, { SEED_DEMO: 'always', SEED_MATERIALS: '12' });
    seeded.child.kill('SIGTERM');
    await seeded.exited;
    // Restarted without seeding: nothing has used the job queue before the save queues its jobs in its transaction.
    const app = await startServer(dataDir);
    try {
      expect(await saveAMaterial(app.url)).toEqual({ status: 200, code: 200 });
    } finally {
      app.child.kill('SIGKILL');
      await app.exited;
    }
  });

  it('seeds a new data dir in a process of its own, which has exited by the time the site answers', async () => {
    const app = await startServer(tempDataDir(), { SEED_DEMO: 'auto', SEED_MATERIALS: '12' });
    try {
      const seeded = app
        .output()
        .split('\n')
        .filter((line) => line.includes('"demo data seeded"'))
        .map((line) => (JSON.parse(line) as { pid: number }).pid);
      expect(seeded).toHaveLength(1);
      expect(seeded[0]).not.toBe(app.child.pid);
      // Gone: signalling it fails.
      expect(() => process.kill(seeded[0]!, 0)).toThrow();
      // It also described the seed's pictures for image search, so the server has none left to describe.
      const described = app
        .output()
        .split('\n')
        .filter((line) => line.includes('"demo pictures described for image search"'))
        .map((line) => (JSON.parse(line) as { described: number }).described);
      expect(described[0]).toBeGreaterThan(0);
      expect(app.output()).not.toContain('material images queued for image search');
      // What it seeded is there: the demo buyer signs in.
      const login = await fetch(`${app.url}/api/idealab-material/passport/login/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'buyer@matlib.demo', password: 'matlib-demo' }) });
      expect(((await login.json()) as { code: number }).code).toBe(200);
      // And the server's first save goes through (the job queue was first used by the seeding process, not this one).
      expect(await saveAMaterial(app.url)).toEqual({ status: 200, code: 200 });
    } finally {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  });

  it('drains on SIGTERM and loses no acknowledged write', async () => {
    const dataDir = tempDataDir();
    const server = await startServer(dataDir, { TRUST_PROXY: 'true' });
    let signalled = false;
    const acked = await writeUntilRefused(server.url, 8, (total) => {
      if (!signalled && total >= 300) {
        signalled = true;
        server.child.kill('SIGTERM');
      }
    });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down: draining requests');
    expect(acked.length).toBeGreaterThanOrEqual(300);
    const stored = await storedIds(dataDir);
    const lost = acked.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
  });

  it('refuses to start a second process on the same data dir, with a clear message', async () => {
    const dataDir = tempDataDir();
    const first = await startServer(dataDir);
    try {
      const second = spawnServer(dataDir);
      expect(await second.exited).toBe(75);
      expect(second.output()).toContain(`is in use by another MatLib process (pid ${first.child.pid})`);
      // The first one is unharmed.
      expect((await fetch(`${first.url}/api/health`)).status).toBe(200);
      // It replaced itself in place (the pid above is the one that was started) with the allocator tuned.
      if (process.platform === 'linux' && process.env.MALLOC_ARENA_MAX === undefined) {
        expect(readFileSync(`/proc/${first.child.pid}/environ`, 'utf8').split('\0')).toContain('MALLOC_ARENA_MAX=2');
      }
    } finally {
      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
    }
  });

  it('renders concurrent requests in different languages without mixing them', async () => {
    const server = await startServer(tempDataDir());
    try {
      const langs = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? 'en' : 'zh-CN'));
      const pages = await Promise.all(
        langs.map(async (lang) => {
          const res = await fetch(`${server.url}/home`, { headers: { 'accept-language': lang } });
          return { lang, html: await res.text() };
        }),
      );
      for (const { lang, html } of pages) {
        if (lang === 'en') {
          expect(html).toContain('<html lang="en"');
          expect(html).not.toContain('首页');
        } else {
          expect(html).toContain('<html lang="zh-CN"');
          expect(html).not.toContain('>Home<');
        }
        // The islands rendered on the server too (a broken island still lets the page render, minus itself).
        expect(html).toMatch(/<astro-island[^>]*>\s*<div[^>]*>\s*<button/);
      }
      expect(server.output()).not.toMatch(/TypeError|"level":50/);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
