import { chromium } from '@playwright/test';
import sharp from 'sharp';
const base = 'http://127.0.0.1:4395';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const context = await browser.newContext({ locale: 'zh-CN' });
await context.request.post(`${base}/api/idealab-material/passport/login/1`, { data: { account: 'supplier@matlib.demo', password: 'matlib-demo' } });
await context.request.get(`${base}/api/idealab-material/passport/select-company?companyId=2`);
const page = await context.newPage();
page.on('console', (m) => console.log('console', m.type(), m.text().slice(0, 200)));
page.on('request', (r) => r.url().includes('/api/') && console.log('>>', r.method(), r.url().slice(22, 140)));
page.on('response', (r) => r.url().includes('/api/') && console.log('<<', r.status(), r.url().slice(22, 140)));
await page.goto(base + '/supplier/material/edit');
await page.waitForFunction(() => [...document.querySelectorAll('astro-island')].every((i) => !i.hasAttribute('ssr')));
await page.getByLabel('一级分类').selectOption({ label: '鞋底材料' });
await page.getByLabel('二级分类').selectOption({ label: '橡胶' });
await page.locator('#me-attrs_PF_NAME_CN').fill('调试' + Date.now());
await page.locator('#me-attrs_PF_PRICE').fill('3');
await page.locator('#me-attrs_PF_THICKNESS').fill('3');
await page.locator('#me-colorCards_0__name').fill('黑');
await page.locator('#me-colorCards_0__hex').fill('#000000');
const raw = Buffer.alloc(200 * 200 * 3).map(() => Math.floor(Math.random() * 255));
await sharp(raw, { raw: { width: 200, height: 200, channels: 3 } }).jpeg().toFile('/tmp/dbg/a.jpg');
if (process.argv[2] === 'img') {
  await page.getByRole('group', { name: '封面图' }).first().getByTestId('file-uploader-input').setInputFiles('/tmp/dbg/a.jpg');
  await page.getByRole('group', { name: '封面图' }).first().getByRole('img', { name: '封面图' }).waitFor();
  if (process.argv[3] === 'gallery') {
    for (const n of ['b', 'c']) await sharp(Buffer.alloc(200 * 200 * 3).map(() => Math.floor(Math.random() * 255)), { raw: { width: 200, height: 200, channels: 3 } }).jpeg().toFile(`/tmp/dbg/${n}.jpg`);
    await page.getByRole('group', { name: '图集' }).first().getByTestId('file-uploader-input').setInputFiles(['/tmp/dbg/b.jpg', '/tmp/dbg/c.jpg']);
    await page.getByRole('group', { name: '图集' }).first().getByRole('img', { name: '图片 2' }).waitFor();
  }
}
await page.getByRole('button', { name: '保存', exact: true }).click();
await page.waitForTimeout(8000);
console.log(await page.locator('form').getByRole('status').allTextContents(), await page.locator('form [role=alert]').allTextContents());
await browser.close();
