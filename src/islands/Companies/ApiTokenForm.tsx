import { useId, useState } from 'react';
import { API_TOKEN_LIMITS, API_TOKEN_SCOPES, type ApiTokenScope } from '../../lib/contracts/integrations-api-tokens-rules';
import { apiTokensApi } from '../../lib/api/integrations-api-tokens';
import type { ClientT } from '../../lib/i18n/client';
import { formStyles, useForm } from '../shared/forms';
import { promptIfSignedOut } from './api';
import styles from './Companies.module.css';
import { FormDialog, NameField, nameProblem } from './FormDialog';
import { OneTimeSecret } from './OneTimeSecret';

interface Props {
  t: ClientT;
  onDone: (message: string) => void;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}

type Field = 'name' | 'scopes';

/**
 * Creates an API token: a name and its scopes, then the token itself, shown this once with a copy button. Closing
 * the second step in any way finishes it, so the list shows the new token.
 */
export function ApiTokenForm({ t, onDone, onClose, returnFocus }: Props) {
  const w = (key: string, vars?: Record<string, string | number>) => t(`companies.apiTokens.${key}`, vars);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<ApiTokenScope>>(() => new Set());
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);
  const ids = useId();

  const form = useForm<Field>({
    order: ['name', 'scopes'],
    t,
    validate: () => ({
      name: nameProblem(name, API_TOKEN_LIMITS.name, w),
      scopes: scopes.size === 0 ? w('scopeRequired') : undefined,
    }),
    submit: async () => {
      const answer = await apiTokensApi.create({ name: name.trim(), scopes: API_TOKEN_SCOPES.filter((s) => scopes.has(s)) });
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

  function toggle(scope: ApiTokenScope, on: boolean) {
    const next = new Set(scopes);
    if (on) next.add(scope);
    else next.delete(scope);
    setScopes(next);
    form.clear('scopes');
  }

  return (
    <FormDialog t={t} title={w('createTitle')} form={form} onClose={onClose} returnFocus={returnFocus} submit={{ label: w('createSubmit'), busyLabel: w('creating') }}>
      <NameField label={w('name')} hint={w('nameHint', { max: API_TOKEN_LIMITS.name })} max={API_TOKEN_LIMITS.name} value={name} onValueChange={form.edit('name', setName)} {...form.bind('name')} />
      <fieldset className={styles.permissions} aria-describedby={form.errors.scopes ? `${ids}-error` : undefined}>
        <legend>{w('scopes')}</legend>
        <p className={styles.muted}>{w('scopesIntro')}</p>
        <ul className={styles.scopeList}>
          {API_TOKEN_SCOPES.map((scope, i) => {
            const id = `${ids}-${scope}`;
            return (
              <li key={scope}>
                <input
                  id={id}
                  type="checkbox"
                  ref={i === 0 ? form.ref<HTMLInputElement>('scopes') : undefined}
                  checked={scopes.has(scope)}
                  onChange={(e) => toggle(scope, e.target.checked)}
                  aria-describedby={`${id}-hint`}
                />
                <label htmlFor={id}>{w(`scope.${scope}.label`)}</label>
                <span id={`${id}-hint`} className={styles.checkHint}>
                  <code>{scope}</code> {w(`scope.${scope}.description`)}
                </span>
              </li>
            );
          })}
        </ul>
        {form.errors.scopes && (
          <p id={`${ids}-error`} className={formStyles.error}>
            {form.errors.scopes}
          </p>
        )}
      </fieldset>
    </FormDialog>
  );
}
