import { useEffect, useRef, useState } from 'react';
import { identityApi, type QrStatus, type QrTicket } from '../../lib/api/identity';
import type { ClientT } from '../../lib/i18n/client';
import { FormError, serverErrors } from '../shared/forms';
import { type LoginResult } from './form';
import styles from './LoginFlow.module.css';

/** How often the desktop asks whether the phone has scanned or approved. */
const POLL_MS = 2000;

type Phase = 'loading' | QrStatus | 'failed';

interface Props {
  t: ClientT;
  onLoggedIn: (result: LoginResult) => Promise<void>;
}

/** True while the page is in front of the user; a hidden tab has nobody waiting on it, so it stops polling. */
function usePageVisible(): boolean {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    update();
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * Scan to sign in (docs/product/README.md#users QR): a ticket's QR code for a phone where the user is signed in; the phone approves, and the
 * next poll collects the session. A new ticket is made each time the tab is shown or the user asks for one.
 */
export function QrLogin({ t, onLoggedIn }: Props) {
  const [attempt, setAttempt] = useState(0);
  const [ticket, setTicket] = useState<QrTicket | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [error, setError] = useState('');
  const visible = usePageVisible();
  const imageRef = useRef<HTMLDivElement>(null);
  // A refresh removes the button that was clicked; the new code takes the focus instead of the page's body.
  const focusImage = useRef(false);

  useEffect(() => {
    const controller = new AbortController();
    setTicket(null);
    setPhase('loading');
    setError('');
    identityApi
      .qrTicket({ signal: controller.signal })
      .then((created) => {
        if (controller.signal.aborted || !created) return;
        setTicket(created);
        setPhase('created');
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        setPhase('failed');
        setError(serverErrors(err, [], t).form ?? '');
      });
    return () => controller.abort();
  }, [attempt]);

  useEffect(() => {
    if (phase === 'created' && focusImage.current) {
      focusImage.current = false;
      imageRef.current?.focus();
    }
  }, [phase]);

  const polling = ticket !== null && visible && (phase === 'created' || phase === 'scanned');
  useEffect(() => {
    if (!polling || !ticket) return;
    const controller = new AbortController();
    let timer = 0;
    const poll = async () => {
      try {
        const answer = await identityApi.qrStatus(ticket.ticket, ticket.pollSecret, { signal: controller.signal });
        if (controller.signal.aborted || !answer) return;
        if (answer.status === 'confirmed' && answer.login) {
          setPhase('confirmed');
          await onLoggedIn(answer.login);
          return;
        }
        // A confirmation without its session was collected by another poll (another tab): this ticket is spent.
        setPhase(answer.status === 'confirmed' ? 'expired' : answer.status);
        if (answer.status === 'expired' || answer.status === 'confirmed') return;
      } catch {
        if (controller.signal.aborted) return;
        // A dropped poll (network, server busy) is retried on the next tick; the ticket's own expiry ends the wait.
      }
      timer = window.setTimeout(() => void poll(), POLL_MS);
    };
    timer = window.setTimeout(() => void poll(), POLL_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [ticket, polling]);

  function refresh() {
    focusImage.current = true;
    setAttempt((n) => n + 1);
  }

  const statusText: Partial<Record<Phase, string>> = {
    loading: t('login.qr.loading'),
    scanned: t('login.qr.scanned'),
    confirmed: t('login.qr.confirmed'),
    expired: t('login.qr.expired'),
  };
  const showCode = ticket !== null && (phase === 'created' || phase === 'scanned');

  return (
    <div className={styles.qr}>
      <p className={styles.intro}>{t('login.qr.intro')}</p>
      {showCode ? (
        <div
          ref={imageRef}
          tabIndex={-1}
          role="img"
          aria-label={t('login.qr.imageLabel')}
          className={phase === 'scanned' ? `${styles.qrImage} ${styles.qrScanned}` : styles.qrImage}
          // The SVG comes from our own API (docs/product/identity.md#calls wx/qrcode), drawn on the server from the ticket; nothing else is injected.
          dangerouslySetInnerHTML={{ __html: ticket.qrSvg }}
        />
      ) : (
        <div className={styles.qrImage} aria-hidden="true" />
      )}
      {/* Always in the page, so each change of state is announced. */}
      <p role="status" className={phase === 'expired' ? `${styles.notice} ${styles.noticeError}` : statusText[phase] ? styles.notice : 'sr-only'}>
        {statusText[phase] ?? ''}
      </p>
      <FormError message={error} />
      {(phase === 'expired' || phase === 'failed') && (
        <button type="button" className="btn btn-secondary" onClick={refresh}>
          {t('login.qr.refresh')}
        </button>
      )}
    </div>
  );
}
