import { useId, useState } from 'react';
import type { ClientT } from '../../lib/i18n/client';
import { PERMISSION_GROUP, PERMISSIONS, type PermissionCode } from '../../lib/permission-codes';
import { formStyles, TextAreaField, useForm } from '../shared/forms';
import { LIMITS, orgApi, promptIfSignedOut, type Role } from './api';
import styles from './Companies.module.css';
import { FormDialog, NameField, nameProblem } from './FormDialog';

interface Props {
  t: ClientT;
  /** Absent: a new role. */
  role?: Role | undefined;
  onDone: (message: string) => void;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}

type Field = 'name' | 'description' | 'permissions';

const GROUPS = [PERMISSION_GROUP.fim, PERMISSION_GROUP.material] as const;

/** Creates or edits a role: its name, what it is for, and the function permissions it grants. */
export function RoleForm({ t, role, onDone, onClose, returnFocus }: Props) {
  const r = (key: string, vars?: Record<string, string | number>) => t(`companies.roles.${key}`, vars);
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [granted, setGranted] = useState<Set<string>>(() => new Set(role?.permissions));
  const ids = useId();

  const form = useForm<Field>({
    order: ['name', 'description', 'permissions'],
    t,
    validate: () => ({
      name: nameProblem(name, LIMITS.roleName, r),
      description: description.trim().length > LIMITS.roleDescription ? r('descriptionTooLong', { max: LIMITS.roleDescription }) : undefined,
    }),
    submit: async () => {
      // Sent in the catalogue's order, so an unchanged role reads the same however it was ticked.
      const input = { name: name.trim(), description: description.trim(), permissions: PERMISSIONS.map((p) => p.code).filter((code) => granted.has(code)) };
      if (role) await orgApi.updateRole(role.id, input);
      else await orgApi.createRole(input);
      onDone(r(role ? 'saved' : 'created', { name: input.name }));
    },
    adjustErrors: (error, errors) => {
      promptIfSignedOut(error);
      return errors;
    },
  });

  function toggle(code: PermissionCode, on: boolean) {
    const next = new Set(granted);
    if (on) next.add(code);
    else next.delete(code);
    setGranted(next);
    form.clear('permissions');
  }

  return (
    <FormDialog t={t} title={role ? r('editTitle', { name: role.name }) : r('createTitle')} wide form={form} onClose={onClose} returnFocus={returnFocus}>
      <NameField label={r('name')} hint={r('nameHint', { max: LIMITS.roleName })} max={LIMITS.roleName} value={name} onValueChange={form.edit('name', setName)} {...form.bind('name')} />
      <TextAreaField
        label={r('description')}
        hint={r('descriptionHint', { max: LIMITS.roleDescription })}
        name="description"
        rows={3}
        maxLength={LIMITS.roleDescription}
        value={description}
        onValueChange={form.edit('description', setDescription)}
        error={form.errors.description}
        inputRef={form.ref<HTMLTextAreaElement>('description')}
      />
      <fieldset className={styles.permissions} aria-describedby={form.errors.permissions ? `${ids}-error` : undefined}>
        <legend>{r('permissions')}</legend>
        <p className={styles.muted}>{r('permissionsIntro')}</p>
        <div className={styles.permissionGroups}>
          {GROUPS.map((group) => (
            <fieldset key={group} className={styles.permissionGroup}>
              <legend>{t(`companies.permissionGroups.${group}`)}</legend>
              <ul>
                {PERMISSIONS.filter((p) => p.group === group).map((p) => {
                  const id = `${ids}-${p.code}`;
                  const kind = p.kind === 0 ? '' : t(`companies.permissionKinds.${p.kind}`);
                  return (
                    <li key={p.code}>
                      <input id={id} type="checkbox" checked={granted.has(p.code)} onChange={(e) => toggle(p.code, e.target.checked)} aria-describedby={`${id}-hint`} />
                      <label htmlFor={id}>{t(`companies.permissions.${p.key}.label`)}</label>
                      <span id={`${id}-hint`} className={styles.checkHint}>
                        {kind && <span className={styles.kind}>{kind}</span>}
                        {t(`companies.permissions.${p.key}.description`)}
                      </span>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          ))}
        </div>
        {form.errors.permissions && (
          <p id={`${ids}-error`} className={formStyles.error}>
            {form.errors.permissions}
          </p>
        )}
      </fieldset>
      <p className={styles.muted}>{r('grantedCount', { count: granted.size })}</p>
    </FormDialog>
  );
}
