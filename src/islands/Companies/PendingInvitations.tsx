import { useCallback, useEffect, useState } from 'react';
import { toast } from '../../lib/api/dialogs';
import { ERROR_LEVEL } from '../../lib/errors';
import { formatTime } from '../../lib/format-time';
import type { ClientT } from '../../lib/i18n/client';
import type { SentInvitation } from '../../lib/api/companies';
import { failureMessage, orgApi } from './api';
import styles from './Companies.module.css';
import { LoadError, RowAction } from './ui';

interface Props {
  t: ClientT;
  ready: boolean;
  lang: string;
  offset: string;
  /** Changes whenever an invitation was sent, so the list reads again. */
  version: number;
  onWithdrawn: (message: string) => void;
}

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'done'; data: SentInvitation[] };

/**
 * The company's invitations still waiting for an answer, under the member list, each with its withdrawal. Only the
 * account typed is shown: whether it names anyone is the invitee's to tell by accepting.
 */
export function PendingInvitations({ t, ready, lang, offset, version, onWithdrawn }: Props) {
  const m = (key: string, vars?: Record<string, string | number>) => t(`companies.members.${key}`, vars);
  const [list, setList] = useState<Load>({ state: 'loading' });
  const [busyId, setBusyId] = useState<number | null>(null);

  const load = useCallback(async () => {
    try {
      setList({ state: 'done', data: await orgApi.sentInvitations() });
    } catch (error) {
      setList({ state: 'failed', message: failureMessage(error, t) });
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load, version]);

  async function withdraw(invitation: SentInvitation) {
    setBusyId(invitation.id);
    try {
      await orgApi.withdrawInvitation(invitation.id);
      onWithdrawn(m('withdrawn', { account: invitation.account }));
    } catch (error) {
      toast(ERROR_LEVEL.error, failureMessage(error, t));
    } finally {
      setBusyId(null);
      await load();
    }
  }

  return (
    <section className={styles.invitations} aria-labelledby="pending-invitations">
      <h3 id="pending-invitations">{m('pendingHeading')}</h3>
      <p className={styles.dialogText}>{m('pendingIntro')}</p>
      {list.state === 'failed' && <LoadError t={t} message={list.message} onRetry={() => void load()} />}
      {list.state === 'done' &&
        (list.data.length === 0 ? (
          <p className={styles.dialogText}>{m('pendingEmpty')}</p>
        ) : (
          <ul className={styles.invitationList}>
            {list.data.map((invitation) => (
              <li key={invitation.id}>
                <span className={styles.account}>{invitation.account}</span>
                <span>{m('pendingExpires', { date: formatTime(invitation.expiresAt, lang, offset, 'date') })}</span>
                <RowAction
                  label={m('withdraw')}
                  name={m('withdrawLabel', { account: invitation.account })}
                  danger
                  disabled={!ready || busyId === invitation.id}
                  onClick={() => void withdraw(invitation)}
                />
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
