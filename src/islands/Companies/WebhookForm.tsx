import { useId, useState } from 'react';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type WebhookEvent } from '../../lib/contracts/integrations-webhooks-rules';
import { webhooksApi, type WebhookEndpoint } from '../../lib/api/integrations-webhooks';
import type { ClientT } from '../../lib/i18n/client';
import { TextField, useForm } from '../shared/forms';
import { promptIfSignedOut } from './api';
import styles from './Companies.module.css';
import { FormDialog } from './FormDialog';
import { CodeChoices } from './CodeChoices';
import { OneTimeSecret } from './OneTimeSecret';

interface Props {
  t: ClientT;
  /** The endpoint to change; none registers a new one. */
  endpoint: WebhookEndpoint | null;
  onDone: (message: string) => void;
  onClose: () => void;
  returnFocus: () => HTMLElement | null;
}

type Field = 'url' | 'description' | 'events';

/**
 * Registers or changes a webhook endpoint: its HTTPS address, a description and the events it hears; a change may
 * also pause it. A new endpoint's signing secret is shown once, after it is registered.
 */
export function WebhookForm({ t, endpoint, onDone, onClose, returnFocus }: Props) {
  const w = (key: string, vars?: Record<string, string | number>) => t(`companies.webhooks.${key}`, vars);
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<Set<WebhookEvent>>(() => new Set(endpoint?.events ?? []));
  const [active, setActive] = useState(endpoint?.active ?? true);
  const [secret, setSecret] = useState<string | null>(null);
  const ids = useId();

  const form = useForm<Field>({
    order: ['url', 'description', 'events'],
    t,
    validate: () => ({
      url: !url.trim() ? w('urlRequired') : !URL.canParse(url.trim()) ? w('urlInvalid') : undefined,
      description: description.trim().length > WEBHOOK_LIMITS.description ? w('descriptionTooLong', { max: WEBHOOK_LIMITS.description }) : undefined,
      events: events.size === 0 ? w('eventRequired') : undefined,
    }),
    submit: async () => {
      const input = { url: url.trim(), description: description.trim(), events: WEBHOOK_EVENTS.filter((e) => events.has(e)) };
      if (endpoint) {
        await webhooksApi.update({ ...input, id: endpoint.id, active });
        onDone(w('saved', { url: input.url }));
      } else {
        setSecret((await webhooksApi.create(input)).secret);
      }
    },
    adjustErrors: (error, errors) => {
      promptIfSignedOut(error);
      return errors;
    },
  });

  if (secret)
    return (
      <OneTimeSecret
        t={t}
        title={w('secretTitle')}
        text={w('secretText')}
        label={w('secretLabel')}
        value={secret}
        onDone={() => onDone(w('created', { url: url.trim() }))}
        returnFocus={returnFocus}
      />
    );

  return (
    <FormDialog t={t} title={endpoint ? w('editTitle') : w('createTitle')} form={form} onClose={onClose} returnFocus={returnFocus} submit={endpoint ? undefined : { label: w('createSubmit'), busyLabel: w('creating') }}>
      <TextField label={w('url')} hint={w('urlHint')} name="url" type="url" inputMode="url" autoComplete="off" spellCheck={false} required maxLength={WEBHOOK_LIMITS.url} value={url} onValueChange={form.edit('url', setUrl)} {...form.bind('url')} />
      <TextField label={w('description')} hint={w('descriptionHint', { max: WEBHOOK_LIMITS.description })} name="description" autoComplete="off" maxLength={WEBHOOK_LIMITS.description} value={description} onValueChange={form.edit('description', setDescription)} {...form.bind('description')} />
      <CodeChoices
        legend={w('events')}
        codes={WEBHOOK_EVENTS}
        label={(event) => w(`event.${event}`)}
        chosen={events}
        onChange={form.edit('events', setEvents)}
        error={form.errors.events}
        firstRef={form.ref<HTMLInputElement>('events')}
      />
      {endpoint && (
        <p className={styles.activeToggle}>
          <input id={`${ids}-active`} type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} aria-describedby={`${ids}-active-hint`} />
          <label htmlFor={`${ids}-active`}>{w('active')}</label>
          <span id={`${ids}-active-hint`} className={styles.checkHint}>
            {w('activeHint')}
          </span>
        </p>
      )}
    </FormDialog>
  );
}
