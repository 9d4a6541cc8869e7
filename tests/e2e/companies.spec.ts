import type { Page } from '@playwright/test';
import { expect, test, type Person } from './fixtures';
import { hydrated, visit } from './support';

const PATH = '/profile/organization';

/** Opens the company administration page as someone who cannot administer; its main region. */
async function openAs(page: Page, signIn: (person: Person) => Promise<void>, person: Person) {
  await signIn(person);
  await page.goto(PATH);
  return page.getByRole('main');
}

test.describe('company administration', () => {
  test.use({ locale: 'zh-CN' });

  test.describe(() => {
    // The refusals this journey provokes on purpose (adding a member twice) are logged by the page's API client.
    test.use({ allowedConsoleErrors: /^\[api\] 100409|status of 409/ });

    test('an administrator creates a role and a department and gives them to a member', async ({ page, supplier, signIn }) => {
      test.setTimeout(120_000);
      const { admin, member } = supplier;
      await signIn(admin);
      await visit(page, PATH);

      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: '企业管理' })).toBeVisible();
      await expect(main.getByText(`当前企业：${supplier.name}`)).toBeVisible();
      const tabs = main.getByRole('navigation', { name: '企业管理分区' });
      await expect(tabs.getByRole('link', { name: '成员' })).toHaveAttribute('aria-current', 'page');

      // Both members are listed; the member is already one, so adding them again is refused inline.
      const members = main.getByRole('table', { name: '成员列表' });
      const memberRow = members.getByRole('row').filter({ has: page.getByRole('rowheader', { name: member.account }) });
      await expect(memberRow).toContainText(member.name);
      await expect(memberRow).toContainText('正常');
      await expect(members.getByRole('row').filter({ has: page.getByRole('rowheader', { name: admin.account }) })).toContainText('管理员');

      // The server refuses to let an administrator disable themselves; the dialog says so in those words.
      await main.getByRole('button', { name: `停用成员 ${admin.name}` }).click();
      const disable = page.getByRole('dialog', { name: '停用该成员？' });
      await expect(disable).toHaveAccessibleDescription(new RegExp(`${admin.name} 将立即退出本企业`));
      await disable.getByRole('button', { name: '停用' }).click();
      await expect(disable.getByRole('alert')).toHaveText('不能停用或移除你自己。');
      await disable.getByRole('button', { name: '取消' }).click();
      await expect(main.getByRole('button', { name: `停用成员 ${admin.name}` })).toBeFocused();

      const addButton = main.getByRole('button', { name: '邀请成员' });
      await addButton.click();
      const add = page.getByRole('dialog', { name: '邀请成员' });
      const account = add.getByRole('textbox', { name: '账号（手机号或邮箱）' });
      await expect(account).toBeFocused();
      await add.getByRole('button', { name: '发送邀请', exact: true }).click();
      await expect(account).toHaveAccessibleDescription('请输入账号');
      await account.fill(member.account);
      await add.getByRole('button', { name: '发送邀请', exact: true }).click();
      await expect(account).toHaveAccessibleDescription('该用户已是本企业的成员');
      await expect(account).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(add).toBeHidden();
      await expect(addButton).toBeFocused();

      // Roles: a new role granting two permissions.
      await tabs.getByRole('link', { name: '角色' }).click();
      await expect(page).toHaveURL(`${PATH}?tab=roles`);
      await hydrated(page);
      await main.getByRole('button', { name: '新建角色' }).click();
      const roleDialog = page.getByRole('dialog', { name: '新建角色' });
      const roleName = roleDialog.getByRole('textbox', { name: '角色名称' });
      await expect(roleName).toBeFocused();
      await roleDialog.getByRole('button', { name: '保存' }).click();
      await expect(roleName).toHaveAccessibleDescription(/请输入角色名称/);
      await roleName.fill('样品专员');
      await roleDialog.getByRole('textbox', { name: '描述' }).fill('负责处理采购商的样品申请');
      const material = roleDialog.getByRole('group', { name: '材料（MATERIAL）' });
      await material.getByRole('checkbox', { name: '材料管理' }).check();
      await material.getByRole('checkbox', { name: '处理样品申请' }).check();
      await expect(material.getByRole('checkbox', { name: '处理样品申请' })).toHaveAccessibleDescription(/查看并处理采购商发来的样品申请/);
      await expect(roleDialog.getByRole('group', { name: '账户与企业（FIM）' }).getByRole('checkbox', { name: '成员与角色管理' })).not.toBeChecked();
      await expect(roleDialog.getByText('已选择 2 项权限')).toBeVisible();
      await roleDialog.getByRole('button', { name: '保存' }).click();
      await expect(roleDialog).toBeHidden();
      const roleRow = main.getByRole('table', { name: '角色列表' }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: '样品专员' }) });
      await expect(roleRow).toContainText('2 项权限');
      await expect(roleRow).toContainText('材料管理、处理样品申请');
      await expect(roleRow.getByRole('button', { name: '编辑角色 样品专员' })).toBeVisible();

      // Departments: a department with a sub-department, walked with the keyboard.
      await tabs.getByRole('link', { name: '部门' }).click();
      await expect(page).toHaveURL(`${PATH}?tab=departments`);
      await hydrated(page);
      await expect(main.getByText('还没有部门。')).toBeVisible();
      await main.getByRole('button', { name: '新建部门' }).click();
      const deptDialog = page.getByRole('dialog', { name: '新建部门' });
      await deptDialog.getByRole('textbox', { name: '部门名称' }).fill('业务部');
      await deptDialog.getByRole('button', { name: '保存' }).click();
      await expect(deptDialog).toBeHidden();
      const tree = main.getByRole('tree', { name: '部门结构' });
      const sales = tree.getByRole('treeitem', { name: '业务部' });
      await expect(sales).toBeFocused();
      await expect(sales).toHaveAttribute('aria-selected', 'true');
      await expect(main.getByRole('heading', { level: 3, name: '业务部' })).toBeVisible();

      await main.getByRole('button', { name: '新建下级部门' }).click();
      const childDialog = page.getByRole('dialog', { name: '新建部门' });
      await expect(childDialog.getByRole('combobox', { name: '上级部门' }).getByRole('option', { selected: true })).toHaveText('业务部');
      await childDialog.getByRole('textbox', { name: '部门名称' }).fill('样品组');
      await childDialog.getByRole('button', { name: '保存' }).click();
      await expect(childDialog).toBeHidden();
      const samples = tree.getByRole('treeitem', { name: '样品组' });
      await expect(samples).toBeFocused();
      await expect(samples).toHaveAttribute('aria-level', '2');

      await page.keyboard.press('ArrowLeft');
      await expect(sales).toBeFocused();
      await page.keyboard.press('ArrowLeft');
      await expect(sales).toHaveAttribute('aria-expanded', 'false');
      await expect(samples).toBeHidden();
      await page.keyboard.press('ArrowRight');
      await expect(sales).toHaveAttribute('aria-expanded', 'true');
      await page.keyboard.press('ArrowDown');
      await expect(samples).toBeFocused();
      await expect(main.getByRole('heading', { level: 3, name: '样品组' })).toBeVisible();
      await page.keyboard.press('Home');
      await expect(sales).toBeFocused();

      // A department that still has a sub-department cannot be deleted; the dialog says why.
      const deleteButton = main.getByRole('button', { name: '删除', exact: true });
      await deleteButton.click();
      const confirm = page.getByRole('dialog', { name: '删除该部门？' });
      await expect(confirm.getByRole('button', { name: '取消' })).toBeFocused();
      await confirm.getByRole('button', { name: '删除' }).click();
      await expect(confirm.getByRole('alert')).toHaveText('该部门还有下级部门，请先删除或移走它们。');
      await confirm.getByRole('button', { name: '取消' }).click();
      await expect(confirm).toBeHidden();
      await expect(deleteButton).toBeFocused();

      // Members: the member gets the role and the department.
      await tabs.getByRole('link', { name: '成员' }).click();
      await hydrated(page);
      await memberRow.getByRole('button', { name: `编辑成员 ${member.name}` }).click();
      const edit = page.getByRole('dialog', { name: `编辑成员：${member.name}` });
      await edit.getByRole('group', { name: '角色' }).getByRole('checkbox', { name: '样品专员' }).check();
      await edit.getByRole('group', { name: '部门' }).getByRole('checkbox', { name: '业务部' }).check();
      await edit.getByRole('button', { name: '保存' }).click();
      await expect(edit).toBeHidden();
      await expect(memberRow.getByRole('cell', { name: '样品专员' })).toBeVisible();
      await expect(memberRow.getByRole('cell', { name: '业务部' })).toBeVisible();
      await expect(memberRow.getByRole('button', { name: `编辑成员 ${member.name}` })).toBeFocused();

      // Filtering by the department leaves only them.
      await main.getByRole('combobox', { name: '部门', exact: true }).selectOption({ label: '业务部' });
      await expect(main.getByText('共 1 名成员')).toBeVisible();
      await expect(members.getByRole('row')).toHaveCount(2);
      await expect(memberRow).toBeVisible();

      // The role now counts its member.
      await tabs.getByRole('link', { name: '角色' }).click();
      await expect(roleRow.getByRole('cell', { name: '1', exact: true })).toBeVisible();
    });
  });

  test('a member without FUN006 is told why the page is closed to them', async ({ page, supplier, signIn }) => {
    const main = await openAs(page, signIn, supplier.member);
    await expect(main.getByRole('heading', { level: 1, name: '企业管理' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: '暂时不能管理企业' })).toBeVisible();
    await expect(main.getByText(new RegExp(`需要“成员与角色管理”权限.*${supplier.name}`))).toBeVisible();
    await expect(main.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/home');
    await expect(main.getByRole('navigation', { name: '企业管理分区' })).toHaveCount(0);
    await expect(main.getByRole('table')).toHaveCount(0);
  });

  test('a personal company is told that members and roles are for enterprises', async ({ page, buyer, signIn }) => {
    const main = await openAs(page, signIn, buyer);
    await expect(main.getByRole('heading', { level: 2, name: '个人企业没有成员和角色' })).toBeVisible();
    await expect(main.getByRole('link', { name: '了解企业入驻' })).toHaveAttribute('href', '/join-us');
    await expect(main.getByRole('table')).toHaveCount(0);
  });
});

test.describe('in English', () => {
  test.use({ locale: 'en-US' });

  test('the member sees the explanation in English', async ({ page, supplier, signIn }) => {
    const main = await openAs(page, signIn, supplier.member);
    await expect(main.getByRole('heading', { level: 1, name: 'Company administration' })).toBeVisible();
    await expect(main.getByRole('heading', { level: 2, name: 'You cannot administer this company' })).toBeVisible();
  });
});
