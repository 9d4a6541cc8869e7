/**
 * The content pages (docs/product/content.md): the JavaScript every one of them ships (every address of the content
 * sitemap, both languages, as a guest and as a signed-in buyer; the budget is 0 bytes), their HTML size and server
 * time, and Lighthouse's mobile performance and accessibility scores for a help article, a trend story and the help
 * center, in the OS's Chromium (CHROME_PATH, default /usr/bin/chromium). Prints figures; decides nothing.
 *   npm run bench:content [-- --runs 3]
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureBuilt, startServer, tempDataDir } from '../tests/process/server-process';
import { kb, pageJavaScript } from './page-js';

const { values } = parseArgs({ options: { runs: { type: 'string', default: '3' } } });
const RUNS = Number(values.runs);
const LIGHTHOUSE_PAGES = ['/help-center/article/sample-requests', '/main/fashion-trend/ss27-citrus-voltage', '/help-center'];

ensureBuilt();
const dataDir = tempDataDir();
// The demo data, with a small catalogue: the trend stories' picks search it, nothing here measures it.
const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/db-seed.ts'], { cwd: path.resolve(import.meta.dirname, '..'), env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED_MATERIALS: '120' }, stdio: ['ignore', 'inherit', 'inherit'] });
if (seeded.status !== 0) throw new Error(`db:seed exited with ${seeded.status}`);
const app = await startServer(dataDir, { LOG_LEVEL: 'warn', PAGE_CACHE_MS: '0' });
const origin = app.url;
try {
  const sitemap = await (await fetch(`${origin}/sitemap/pages.xml`)).text();
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname + new URL(m[1] ?? '').search).filter((u) => !u.startsWith('/home') && !u.startsWith('/main/material-store') && !u.startsWith('/merchant/home'));
  const login = await fetch(`${origin}/api/idealab-material/passport/login/1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account: 'buyer@matlib.demo', password: 'matlib-demo' }) });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  if (!cookie.startsWith('ilt=')) throw new Error('could not sign in as the demo buyer');

  console.log(`bench:content — ${urls.length} content addresses (every page of the content sitemap, in both languages)`);
  for (const [who, headers] of [['guest', {}], ['buyer', { cookie }]] as const) {
    let withScript = 0;
    let maxJs = 0;
    const html: number[] = [];
    const ms: number[] = [];
    for (const url of urls) {
      const started = performance.now();
      const res = await fetch(`${origin}${url}`, { headers });
      const text = await res.text();
      ms.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      const js = await pageJavaScript(origin, text);
      maxJs = Math.max(maxJs, js.total.gzip + js.lazy.gzip);
      if (js.total.files + js.lazy.files > 0) withScript += 1;
      html.push(Buffer.byteLength(text));
    }
    const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
    const at = (list: number[], q: number) => sorted(list)[Math.min(list.length - 1, Math.floor(q * list.length))] ?? 0;
    console.log(`  ${who}: pages with any JavaScript ${withScript} of ${urls.length}; most JavaScript on one page ${kb(maxJs)} gzip; HTML p50 ${kb(at(html, 0.5))}, max ${kb(Math.max(...html))}; server p50 ${at(ms, 0.5).toFixed(1)} ms, p95 ${at(ms, 0.95).toFixed(1)} ms`);
  }

  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'] });
  try {
    console.log(`\n  Lighthouse, mobile (simulated slow 4G, 4x CPU slowdown), median of ${RUNS} runs         performance   accessibility   LCP      TBT    CLS`);
    for (const path of LIGHTHOUSE_PAGES) {
      const runs = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
        runs.push({
          performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
          lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
          tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
          cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
          failed: Object.values(lhr.audits).filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id)).map((a) => a.id),
        });
      }
      runs.sort((a, b) => a.performance - b.performance);
      const median = runs[Math.floor(runs.length / 2)] ?? runs[0];
      if (!median) continue;
      console.log(`  ${path.padEnd(78)} ${String(median.performance).padStart(5)} ${String(median.accessibility).padStart(15)}   ${(median.lcp / 1000).toFixed(2)} s  ${median.tbt.toFixed(0).padStart(4)} ms  ${median.cls.toFixed(3)}${median.failed.length ? `   accessibility failures: ${median.failed.join(', ')}` : ''}`);
    }
  } finally {
    chrome.kill();
  }
} finally {
  app.child.kill('SIGTERM');
  await app.exited;
}
