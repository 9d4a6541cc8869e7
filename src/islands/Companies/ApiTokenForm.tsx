import { useState } from 'react';
import { API_TOKEN_EXPIRY_DAYS, API_TOKEN_LIMITS, API_TOKEN_SCOPES, type ApiTokenExpiryDays, type ApiTokenScope } from '../../lib/contracts/integrations-api-tokens-rules';
import { apiTokensApi } from '../../lib/api/integrations-api-tokens';
import type { ClientT } from '../../lib/i18n/client';
import { SelectField, useForm } from '../shared/forms';
import { promptIfSignedOut } from './api';
import { FormDialog, NameField, nameProblem } from './FormDialog';
import { CodeChoices } from './CodeChoices';
import { OneTimeSecret } from './OneTimeSecret';

interface Props {
  t: ClientT;
  onDone: (message: string) => void;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}

type Field = 'name' | 'scopes' | 'expiresInDays';

/**
 * Creates an API token: a name, its scopes and how long it lasts (until revoked unless a lifetime is chosen), then the token itself, shown this once with a copy button. Closing
 * the second step in any way finishes it, so the list shows the new token.
 */
export function ApiTokenForm({ t, onDone, onClose, returnFocus }: Props) {
  const w = (key: string, vars?: Record<string, string | number>) => t(`companies.apiTokens.${key}`, vars);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<ApiTokenScope>>(() => new Set());
  const [expiry, setExpiry] = useState('');
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);

  const form = useForm<Field>({
    order: ['name', 'scopes', 'expiresInDays'],
    t,
    validate: () => ({
      name: nameProblem(name, API_TOKEN_LIMITS.name, w),
      scopes: scopes.size === 0 ? w('scopeRequired') : undefined,
    }),
    submit: async () => {
      const expiresInDays = API_TOKEN_EXPIRY_DAYS.find((days) => String(days) === expiry) ?? null;
      const answer = await apiTokensApi.create({ name: name.trim(), scopes: API_TOKEN_SCOPES.filter((s) => scopes.has(s)), expiresInDays });
      setCreated({ token: answer.token, name: answer.record.name });
    },
    adjustErrors: (error, errors) => {
      promptIfSignedOut(error);
      return errors;
    },
  });

  if (created)
    return (
      <OneTimeSecret
        t={t}
        title={w('createdTitle')}
        text={w('createdText', { name: created.name })}
        label={w('tokenLabel')}
        value={created.token}
        onDone={() => onDone(w('created', { name: created.name }))}
        returnFocus={returnFocus}
      />
    );

  return (
    <FormDialog t={t} title={w('createTitle')} form={form} onClose={onClose} returnFocus={returnFocus} submit={{ label: w('createSubmit'), busyLabel: w('creating') }}>
      <NameField label={w('name')} hint={w('nameHint', { max: API_TOKEN_LIMITS.name })} max={API_TOKEN_LIMITS.name} value={name} onValueChange={form.edit('name', setName)} {...form.bind('name')} />
      <CodeChoices
        legend={w('scopes')}
        intro={w('scopesIntro')}
        codes={API_TOKEN_SCOPES}
        label={(scope) => w(`scope.${scope}.label`)}
        description={(scope) => w(`scope.${scope}.description`)}
        chosen={scopes}
        onChange={form.edit('scopes', setScopes)}
        error={form.errors.scopes}
        firstRef={form.ref<HTMLInputElement>('scopes')}
      />
      <SelectField
        label={w('expiry')}
        hint={w('expiryHint')}
        name="expiresInDays"
        value={expiry}
        onValueChange={form.edit('expiresInDays', setExpiry)}
        error={form.errors.expiresInDays}
        selectRef={form.ref<HTMLSelectElement>('expiresInDays')}
      >
        <option value="">{w('expiryNever')}</option>
        {API_TOKEN_EXPIRY_DAYS.map((days: ApiTokenExpiryDays) => (
          <option key={days} value={String(days)}>
            {w('expiryDays', { count: days })}
          </option>
        ))}
      </SelectField>
    </FormDialog>
  );
}
