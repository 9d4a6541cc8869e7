import { randomUUID } from 'node:crypto';
import { addContactMessage } from '../../src/lib/server/contact/add-contact-message';
import { expect, test } from './fixtures';
import { visit } from './support';

/** Contact messages in the back office (docs/product/contact.md#reading-them): operators read what visitors wrote. */
test.use({ locale: 'zh-CN' });

test('a platform administrator finds the contact messages from the back office and reads the newest first', async ({ page, admin, signIn }) => {
  const marker = randomUUID().slice(0, 8);
  const ip = `10.88.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  await addContactMessage({ name: `访客 ${marker}`, company: '鞋材工作室', phone: '+86 138 0000 0000', email: null, message: `想了解企业材料库 ${marker}` }, { ip, userId: null, lang: 'cn' });
  await addContactMessage({ name: `Visitor ${marker}`, company: '', phone: null, email: `hello-${marker}@studio.test`, message: `Later message ${marker}` }, { ip, userId: null, lang: 'en' });

  await signIn(admin);
  await visit(page, '/admin');
  await page.getByRole('main').getByRole('link', { name: '联系我们留言', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await expect(page.getByRole('heading', { level: 1, name: '联系我们留言' })).toBeVisible();

  const rows = page.getByRole('row').filter({ hasText: marker });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`Visitor ${marker}`);
  await expect(rows.nth(0).getByRole('link', { name: `hello-${marker}@studio.test` })).toHaveAttribute('href', `mailto:hello-${marker}@studio.test`);
  await expect(rows.nth(1)).toContainText('鞋材工作室');
  await expect(rows.nth(1)).toContainText('+86 138 0000 0000');
  await expect(rows.nth(1)).toContainText(`想了解企业材料库 ${marker}`);
});
