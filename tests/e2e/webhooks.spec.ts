import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './fixtures';
import { visit } from './support';

const PATH = '/profile/organization?tab=webhooks';

/** The company's ERP: answers the statuses queued for it, then 200, and keeps what it was sent. */
async function startReceiver(statuses: number[]) {
  const received: { event: string; signature: string }[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push({ event: String(req.headers['x-matlib-event']), signature: String(req.headers['x-matlib-signature']) });
      const status = statuses.shift() ?? 200;
      res.writeHead(status).end(status === 200 ? 'thanks' : 'busy');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/matlib`, received, stop: () => new Promise((r) => server.close(r)) };
}

test.describe('webhooks', () => {
  test.use({ locale: 'en-US' });

  test('an administrator registers an endpoint, keeps its secret, sends a test that fails twice and then arrives, and reads all three tries in the log', async ({ page, supplier, signIn }) => {
    test.setTimeout(120_000);
    const receiver = await startReceiver([500, 500]);
    await signIn(supplier.admin);
    await visit(page, PATH);
    const main = page.getByRole('main');
    await expect(main.getByRole('navigation', { name: 'Administration sections' }).getByRole('link', { name: 'Webhooks' })).toHaveAttribute('aria-current', 'page');
    await expect(main.getByText('No endpoints yet.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'How a receiver checks the signature' })).toHaveAttribute('href', '/help-center/article/connect-your-systems');

    await main.getByRole('button', { name: 'New endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'New webhook endpoint' });
    const address = form.getByRole('textbox', { name: 'Address' });
    await expect(address).toBeFocused();
    await form.getByRole('button', { name: 'Register endpoint' }).click();
    await expect(address).toHaveAccessibleDescription(/Enter the address/);
    await expect(form.getByText('Choose at least one event')).toBeVisible();
    await address.fill(receiver.url);
    await form.getByRole('checkbox', { name: 'Sample shipped' }).check();
    await form.getByRole('checkbox', { name: 'Material put on a market' }).check();
    await form.getByRole('textbox', { name: 'Description (optional)' }).fill('ERP');
    await form.getByRole('button', { name: 'Register endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Copy the signing secret' });
    const secret = await shown.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shown.getByRole('button', { name: 'Done' }).click();
    const row = main.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /ERP/ }) });
    await expect(row).toContainText('Sample shipped, Material put on a market');
    await expect(row).toContainText('None yet');
    expect(await page.content()).not.toContain(secret);

    await row.getByRole('button', { name: 'Delivery log of ERP' }).click();
    const log = page.getByRole('dialog', { name: `Deliveries to ${receiver.url}` });
    await expect(log.getByText(/Nothing has been sent/)).toBeVisible();
    await log.getByRole('button', { name: 'Send test' }).click();
    await expect(log.getByRole('status')).toHaveText('A test delivery is on its way');
    // The log follows the delivery by itself while it is being tried (the server waits 1 s, then 4 s).
    const delivery = log.locator('details').first();
    await expect(delivery.locator('summary')).toContainText('Delivered', { timeout: 30_000 });
    await expect(delivery.locator('summary')).toContainText('3 tries');
    await delivery.locator('summary').click();
    const tries = delivery.getByRole('table', { name: 'Each try of this delivery' }).getByRole('row');
    await expect(tries).toHaveCount(4);
    await expect(tries.nth(1)).toContainText('500');
    await expect(tries.nth(2)).toContainText('500');
    await expect(tries.nth(3)).toContainText('200');
    await expect(tries.nth(3)).toContainText('thanks');
    expect(receiver.received.map((r) => r.event)).toEqual(['webhook.test', 'webhook.test', 'webhook.test']);
    expect(receiver.received.every((r) => /^t=\d+,v1=[0-9a-f]{64}$/.test(r.signature))).toBe(true);
    await log.getByRole('button', { name: 'Close' }).click();
    await expect(row).toContainText('Delivered · HTTP 200');

    // Paused, then removed.
    await row.getByRole('button', { name: 'Edit endpoint ERP' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
    await edit.getByRole('checkbox', { name: 'Active' }).uncheck();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(row).toContainText('Paused');
    await row.getByRole('button', { name: 'Delete endpoint ERP' }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete' }).click();
    await expect(main.getByText('No endpoints yet.')).toBeVisible();
    await receiver.stop();
  });
});

test.describe('webhooks on a phone', () => {
  // The server refuses the address (422), which the browser logs.
  test.use({ locale: 'zh-CN', viewport: { width: 360, height: 740 }, allowedConsoleErrors: /status of 422 .*\/webhook\/create/ });

  test('the form and the address refused fit the screen', async ({ page, supplier, signIn }) => {
    await signIn(supplier.admin);
    await visit(page, PATH);
    await page.getByRole('main').getByRole('button', { name: '新建接收地址' }).click();
    const form = page.getByRole('dialog', { name: '新建 Webhook 接收地址' });
    await form.getByRole('textbox', { name: '地址' }).fill('https://user:pw@erp.example.com/hooks');
    await form.getByRole('checkbox', { name: '样品已寄出' }).check();
    await form.getByRole('button', { name: '登记地址' }).click();
    await expect(form.getByRole('textbox', { name: '地址' })).toHaveAccessibleDescription(/请勿包含用户名和密码/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
