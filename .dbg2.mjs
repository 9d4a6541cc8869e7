import { chromium } from '@playwright/test';
const base = 'http://127.0.0.1:4395';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ viewport: { width: 360, height: 800 } });
await context.request.post(`${base}/api/idealab-material/passport/login/1`, { data: { account: 'supplier@matlib.demo', password: 'matlib-demo' } });
await context.request.get(`${base}/api/idealab-material/passport/select-company?companyId=2`);
const page = await context.newPage();
await page.goto(base + '/supplier/material/edit');
console.log(await page.evaluate(() => {
  const out = [];
  let el = document.querySelector('fieldset');
  while (el && el !== document.body) { const cs = getComputedStyle(el); out.push(`${el.tagName}.${el.className} w=${el.getBoundingClientRect().width} pad=${cs.paddingLeft}/${cs.paddingRight} disp=${cs.display} gtc=${cs.gridTemplateColumns}`); el = el.parentElement; }
  return out.join('\n');
}));
await browser.close();
