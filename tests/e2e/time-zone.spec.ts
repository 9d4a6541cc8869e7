import type { Page } from '@playwright/test';
import { submitPersonalCertification } from '../../src/lib/server/certification/submit-personal-certification';
import { createShare } from '../../src/lib/server/sharing/create-share';
import { expect, test } from './fixtures';
import { hydrated, visit } from './support';

/**
 * One time-zone rule for the whole product (docs/product/constants.md#time-zone): a viewer in India sees the same
 * instant as the same text on their shares, their certification and the back office's review list. Until their
 * browser has said where it is, pages write China Standard Time.
 */
const ZONE = { locale: 'zh-CN', timezoneId: 'Asia/Kolkata' } as const;
test.use(ZONE);

// 23:30 UTC on 1 March: 05:00 the next morning in India (+05:30), 07:30 in China (+08:00).
const INSTANT = new Date('2026-03-01T23:30:00Z');
const IN_INDIA = '2026年3月2日 05:00';
const IN_CHINA = '2026年3月2日 07:30';

const tzCookie = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'tz')?.value;

test('shares, certification and the back office write one instant in the viewer’s time zone', async ({ page, buyer, supplier, admin, signIn, newPage }) => {
  const [material] = supplier.materials;
  if (!material) throw new Error('the supplier fixture publishes materials');
  await createShare({ userId: buyer.id, companyId: buyer.companyId }, { kind: 'material', materialIds: [material.id], type: 1, validityType: 1, viewRange: 1, isSync: 0, introduce: '' }, null, INSTANT);
  await submitPersonalCertification(buyer.id, { realName: '林设计', idType: 1, idNumber: '11010519491231002X', note: '' }, INSTANT);

  // The first page knows nothing of the browser yet: China Standard Time. Once it has run, the browser has left its offset.
  await signIn(buyer);
  await page.goto('/main/share');
  const share = page.getByRole('main').getByRole('listitem').filter({ hasText: material.name });
  await expect(share).toContainText(`创建于 ${IN_CHINA}`);
  await hydrated(page);
  await expect.poll(() => tzCookie(page)).toBe(encodeURIComponent('+05:30'));

  await page.reload();
  await expect(share).toContainText(`创建于 ${IN_INDIA}`);
  await visit(page, '/profile/info?tab=cert-info');
  await expect(page.getByRole('main')).toContainText(`已于 ${IN_INDIA} 提交`);

  // The platform administrator, in the same zone, reviews it: the same words for the same instant.
  const office = await newPage(ZONE);
  await signIn(admin, office.context());
  await visit(office, '/home');
  await expect.poll(() => tzCookie(office)).toBe(encodeURIComponent('+05:30'));
  await visit(office, '/admin/certifications');
  const row = office.getByRole('row').filter({ hasText: buyer.account });
  await expect(row.getByRole('cell').first()).toHaveText(IN_INDIA);
});
