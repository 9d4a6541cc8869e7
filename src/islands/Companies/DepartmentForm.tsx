import { useState } from 'react';
import type { ClientT } from '../../lib/i18n/client';
import { SelectField, TextField, useForm } from '../shared/forms';
import { LIMITS, orgApi, promptIfSignedOut, type DepartmentNode } from './api';
import { subtreeIds } from './tree';
import { FormDialog, NameField, nameProblem } from './FormDialog';
import { departmentOptions } from './ui';

interface Props {
  t: ClientT;
  tree: readonly DepartmentNode[];
  /** Absent: a new department. */
  department?: DepartmentNode | undefined;
  /** Where a new department goes (a "new sub-department" of the selected one). */
  parentId?: number | null | undefined;
  onDone: (message: string, id: number | null) => void;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}

type Field = 'name' | 'parentId' | 'sort';

const SORT_PATTERN = /^\d{1,4}$/;

/** Creates a department, or renames and moves one. Its own subtree is not offered as a parent: that would be a cycle. */
export function DepartmentForm({ t, tree, department, parentId, onDone, onClose, returnFocus }: Props) {
  const d = (key: string, vars?: Record<string, string | number>) => t(`companies.departments.${key}`, vars);
  const [name, setName] = useState(department?.name ?? '');
  const [parent, setParent] = useState(() => {
    const initial = department ? department.parentId : (parentId ?? null);
    return initial === null ? '' : String(initial);
  });
  const [sort, setSort] = useState(String(department?.sort ?? 0));
  const excluded = department ? subtreeIds(department) : new Set<number>();

  const form = useForm<Field>({
    order: ['name', 'parentId', 'sort'],
    t,
    validate: () => ({
      name: nameProblem(name, LIMITS.departmentName, d),
      sort: SORT_PATTERN.test(sort.trim()) && Number(sort) <= LIMITS.sortMax ? undefined : d('sortInvalid', { max: LIMITS.sortMax }),
    }),
    submit: async () => {
      const input = { name: name.trim(), parentId: parent ? Number(parent) : null, sort: Number(sort.trim()) };
      if (department) {
        await orgApi.updateDepartment(department.id, input);
        onDone(d('saved', { name: input.name }), department.id);
      } else {
        const created = await orgApi.createDepartment(input);
        onDone(d('created', { name: input.name }), created?.id ?? null);
      }
    },
    adjustErrors: (error, errors) => {
      promptIfSignedOut(error);
      // The server's parent error is "invalid value"; this says which rule it broke.
      return errors.parentId ? { ...errors, parentId: d('badParent') } : errors;
    },
  });

  return (
    <FormDialog t={t} title={department ? d('editTitle', { name: department.name }) : d('createTitle')} form={form} onClose={onClose} returnFocus={returnFocus}>
      <NameField
        label={d('name')}
        hint={d('nameHint', { max: LIMITS.departmentName })}
        max={LIMITS.departmentName}
        value={name}
        onValueChange={form.edit('name', setName)}
        {...form.bind('name')}
      />
      <SelectField
        label={d('parent')}
        name="parentId"
        value={parent}
        onValueChange={form.edit('parentId', setParent)}
        error={form.errors.parentId}
        selectRef={form.ref<HTMLSelectElement>('parentId')}
      >
        <option value="">{d('noParent')}</option>
        {departmentOptions(tree, t, excluded)}
      </SelectField>
      <TextField
        label={d('sort')}
        hint={d('sortHint')}
        name="sort"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        maxLength={4}
        value={sort}
        onValueChange={form.edit('sort', setSort)}
        {...form.bind('sort')}
      />
    </FormDialog>
  );
}
