import { useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { ERROR } from '../../lib/errors';
import type { ClientT } from '../../lib/i18n/client';
import { TextField, useForm, type FormErrors } from '../shared/forms';
import { LIMITS, orgApi, promptIfSignedOut, type DepartmentNode, type Member, type Role } from './api';
import styles from './Companies.module.css';
import { flatten } from './tree';
import { FormDialog } from './FormDialog';
import { CheckList, toggled } from './ui';

interface Props {
  t: ClientT;
  /** Absent: invite someone by account. */
  member?: Member | undefined;
  roles: readonly Role[];
  departments: readonly DepartmentNode[];
  onDone: (message: string) => void;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}

type Field = 'account' | 'authAppRoleIds' | 'authOrganizeIds';

/**
 * Invites an account (docs/product/companies.md#invitations), or sets a member's roles and departments. Both lists are sent whole: the
 * server replaces what the member had with what is ticked here.
 */
export function MemberForm({ t, member, roles, departments, onDone, onClose, returnFocus }: Props) {
  const [account, setAccount] = useState('');
  const [roleIds, setRoleIds] = useState<Set<number>>(() => new Set(member?.roles.map((r) => r.id)));
  const [departmentIds, setDepartmentIds] = useState<Set<number>>(() => new Set(member?.departments.map((d) => d.id)));
  const adding = member === undefined;
  const m = (key: string, vars?: Record<string, string | number>) => t(`companies.members.${key}`, vars);

  const form = useForm<Field>({
    order: ['account', 'authAppRoleIds', 'authOrganizeIds'],
    t,
    validate: () => {
      if (!adding) return {};
      const value = account.trim();
      return { account: !value ? m('accountRequired') : value.length > LIMITS.account ? m('accountTooLong', { max: LIMITS.account }) : undefined };
    },
    submit: async () => {
      if (adding) {
        await orgApi.addMember(account.trim(), [...roleIds], [...departmentIds]);
        onDone(m('added', { name: account.trim() }));
      } else {
        await orgApi.updateMember(member.userId, [...roleIds], [...departmentIds]);
        onDone(m('saved', { name: member.name || member.account }));
      }
    },
    adjustErrors: (error, errors): FormErrors<Field> => {
      promptIfSignedOut(error);
      if (!(error instanceof ApiError)) return errors;
      // The generic wording of these codes ("conflicts with the current state") would not say what to fix.
      if (adding && error.code === ERROR.conflict) return { account: m('alreadyMember') };
      if (adding && error.code === ERROR.notCertified) return { form: m('needsCertification') };
      if (error.code === ERROR.authError) return { form: m('personalCompany') };
      if (!adding && error.code === ERROR.empty) return { form: m('memberGone') };
      return errors;
    },
  });

  const roleItems = roles.map((role) => ({ id: role.id, label: role.name, hint: role.description || undefined }));
  const departmentItems = flatten(departments).map(({ node, depth }) => ({
    id: node.id,
    depth,
    label: node.name + (node.status === 0 ? t('companies.departments.disabledSuffix') : ''),
  }));
  const name = member ? member.name || member.account : '';

  return (
    <FormDialog
      t={t}
      title={adding ? m('addTitle') : m('editTitle', { name })}
      wide
      form={form}
      onClose={onClose}
      returnFocus={returnFocus}
      submit={adding ? { label: m('addSubmit'), busyLabel: m('adding') } : undefined}
      error={form.errors.form ?? form.errors.authAppRoleIds ?? form.errors.authOrganizeIds}
    >
      {adding ? (
        <>
          <p className={styles.dialogText}>{m('addIntro')}</p>
          <TextField
            label={m('account')}
            name="account"
            type="text"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            required
            maxLength={LIMITS.account}
            value={account}
            onValueChange={form.edit('account', setAccount)}
            {...form.bind('account')}
          />
        </>
      ) : (
        <dl className={styles.facts}>
          <div>
            <dt>{m('columns.account')}</dt>
            <dd>{member.account}</dd>
          </div>
          <div>
            <dt>{m('columns.name')}</dt>
            <dd>{member.name || '—'}</dd>
          </div>
        </dl>
      )}
      {member?.isAdmin && <p className={styles.notice}>{m('adminHint')}</p>}
      <div className={styles.pickers}>
        <CheckList legend={m('rolesLegend')} empty={m('noRoles')} items={roleItems} selected={roleIds} onToggle={(id, on) => setRoleIds((s) => toggled(s, id, on))} />
        <CheckList
          legend={m('departmentsLegend')}
          empty={m('noDepartments')}
          items={departmentItems}
          selected={departmentIds}
          onToggle={(id, on) => setDepartmentIds((s) => toggled(s, id, on))}
        />
      </div>
    </FormDialog>
  );
}
