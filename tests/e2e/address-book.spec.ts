import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { addAddress, choosePlace, hydrated, visit } from './support';

/**
 * The buyer's address book (/address-book): adding through the cascading places, the default, a second address
 * made the default, editing, removing with the confirmation, and a bad phone refused on blur.
 */
test.use({ locale: 'zh-CN' });

const card = (page: Page, receiver: string) => page.getByRole('listitem', { name: `${receiver} 的地址` });

test('a buyer keeps addresses: add, default, edit, remove', async ({ page, buyer, signIn }) => {
  test.setTimeout(120_000);
  await signIn(buyer);
  await visit(page, '/address-book');
  await expect(page.getByRole('heading', { level: 1, name: '收货地址' })).toBeVisible();
  await expect(page.getByText('还没有收货地址。')).toBeVisible();

  // The first address, with a bad phone number first: refused when the field is left.
  await page.getByRole('button', { name: '新增地址' }).click();
  const dialog = page.getByRole('dialog', { name: '新增收货地址' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('收货人').fill('张三');
  const phone = dialog.getByRole('textbox', { name: '手机号码' });
  await phone.fill('12345');
  await phone.press('Tab');
  await expect(dialog.getByText('请输入有效的手机号码')).toBeVisible();
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await phone.fill('13800138000');
  await expect(dialog.getByText('请输入有效的手机号码')).toBeHidden();
  await choosePlace(dialog, ['中国', '广东省', '东莞市', '厚街镇']);
  await dialog.getByLabel('详细地址').fill('新塘工业区 8 号');
  await dialog.getByRole('button', { name: '保存' }).click();
  await expect(dialog).toBeHidden();

  const first = card(page, '张三');
  await expect(first).toContainText('138****8000');
  await expect(first).toContainText('中国 广东省 东莞市 厚街镇');
  await expect(first.getByText('默认', { exact: true })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '地址已添加。' })).toBeVisible();

  // A second address, then made the default.
  await addAddress(page, { receiver: '李四', mobile: '13912345678', places: ['中国', '福建省', '泉州市', '晋江市'], street: '陈埭镇鞋业路 1 号' });
  const second = card(page, '李四');
  await expect(second).toContainText('中国 福建省 泉州市 晋江市');
  await expect(second.getByText('默认', { exact: true })).toHaveCount(0);
  await second.getByRole('button', { name: '设为默认' }).click();
  await expect(second.getByText('默认', { exact: true })).toBeVisible();
  await expect(first.getByText('默认', { exact: true })).toHaveCount(0);
  // The default comes first.
  await expect(page.getByRole('listitem', { name: /的地址$/ }).first()).toHaveAccessibleName('李四 的地址');

  // Editing keeps what is not changed.
  await first.getByRole('button', { name: '编辑' }).click();
  const edit = page.getByRole('dialog', { name: '编辑收货地址' });
  await expect(edit.getByLabel('收货人')).toHaveValue('张三');
  await expect(edit.getByLabel('城市')).toHaveValue(/\d+/);
  await edit.getByLabel('收货人').fill('张三丰');
  await edit.getByRole('button', { name: '保存' }).click();
  await expect(edit).toBeHidden();
  await expect(card(page, '张三丰')).toContainText('中国 广东省 东莞市 厚街镇');

  // Removing the default asks first; the other address becomes the default.
  await second.getByRole('button', { name: '删除' }).click();
  const confirm = page.getByRole('dialog', { name: '删除此地址？' });
  await expect(confirm).toContainText('李四 的地址将从地址簿中删除。');
  await confirm.getByRole('button', { name: '保留' }).click();
  await expect(second).toBeVisible();
  await second.getByRole('button', { name: '删除' }).click();
  await confirm.getByRole('button', { name: '删除' }).click();
  await expect(second).toHaveCount(0);
  await expect(card(page, '张三丰').getByText('默认', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem', { name: /的地址$/ })).toHaveCount(1);

  // In English the place reads from the district up.
  await page.context().addCookies([{ name: 'lang', value: 'en', url: new URL(page.url()).origin }]);
  await page.reload();
  await hydrated(page);
  const english = page.getByRole('listitem', { name: 'Address of 张三丰' });
  await expect(english).toContainText('Houjie, Dongguan, Guangdong, China');
  await expect(english.getByText('Default', { exact: true })).toBeVisible();
});
