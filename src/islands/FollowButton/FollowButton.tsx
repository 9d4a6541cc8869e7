import { useState } from 'react';
import { ApiError } from '../../lib/api/client';
import { merchantsApi } from '../../lib/api/merchants';
import { toast } from '../../lib/api/dialogs';
import { ERROR_LEVEL, lookupError } from '../../lib/errors';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { loginUrl } from '../../lib/routes';
import styles from './FollowButton.module.css';

export interface FollowButtonProps {
  /** The merchant's company id (docs/product/catalogue.md#data Merchant orgId; `supplierInfo.supplierId` on a material). */
  supplierId: number;
  /** Whether the viewer follows it now (docs/product/catalogue.md#data isFollow, 0/1 or a boolean). */
  isFollow: 0 | 1 | boolean;
  followCount: number;
  /** A guest's press goes to `/login?redirect=<this page>` instead of calling the API. */
  signedIn: boolean;
  /** `MESSAGES[lang].merchant.follow` (follow, following, label, followers, followersOne, followed, unfollowed). */
  messages: Dict;
  /** The merchant's name: it makes each button's accessible name unique ("Follow Acme") and words the notice. */
  name: string;
  /** Show the follower count beside the button (default true). */
  showCount?: boolean;
  /** `small` for tiles and lists, `large` for a banner. */
  size?: 'small' | 'large';
  /** Light text for a dark background (the merchant banner). */
  tone?: 'default' | 'onDark';
}

const formatCount = (n: number) => n.toLocaleString('en-US');

/**
 * Follow / unfollow a merchant (docs/product/catalogue.md#states follow, docs/product/catalogue.md#calls follow/add and follow/remove): a toggle button (aria-pressed) with
 * the follower count. It takes the server's answer for both state and count, so the count is exactly ±1 of what
 * the page showed; the success notice goes to the app's polite toast region. While a call is pending the button
 * is aria-disabled (focus stays on it) and further presses are ignored. Errors take the API client's docs/product/errors.md course
 * (login, alert); a refused input (following one's own company) is shown as a notice.
 */
export default function FollowButton({ supplierId, isFollow, followCount, signedIn, messages, name, showCount = true, size = 'small', tone = 'default' }: FollowButtonProps) {
  const t = createClientT(messages);
  const [following, setFollowing] = useState(isFollow === 1 || isFollow === true);
  const [count, setCount] = useState(followCount);
  const [pending, setPending] = useState(false);

  async function toggle() {
    if (pending) return;
    if (!signedIn) {
      location.assign(loginUrl(location.pathname + location.search));
      return;
    }
    setPending(true);
    try {
      const answer = following
        ? await merchantsApi.unfollow(supplierId)
        : await merchantsApi.follow(supplierId);
      if (!answer) return;
      const now = answer.isFollow === 1;
      setFollowing(now);
      setCount(answer.followCount);
      toast(ERROR_LEVEL.info, t(now ? 'followed' : 'unfollowed', { name }));
    } catch (error) {
      // The client shows most failures itself (docs/product/errors.md); a refused input is this button's to word.
      if (error instanceof ApiError && lookupError(error.code).behaviour === 'field') toast(error.level, error.message);
    } finally {
      setPending(false);
    }
  }

  const className = [styles.button, size === 'large' ? styles.large : '', following ? styles.on : '', tone === 'onDark' ? styles.onDark : ''].join(' ');
  return (
    <span className={`${styles.root} ${tone === 'onDark' ? styles.rootOnDark : ''}`}>
      <button
        type="button"
        className={className}
        aria-pressed={following}
        // The accessible name stays "Follow <name>" in both states (a toggle's name must not change); the state
        // is aria-pressed, and the visible word follows it.
        aria-label={t('label', { name })}
        // Not `disabled`: that would drop the focus of whoever just pressed it.
        aria-disabled={pending || undefined}
        aria-busy={pending || undefined}
        title={signedIn ? undefined : t('signInHint')}
        onClick={toggle}
      >
        <svg className={styles.icon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
          {following ? <path d="M3.5 8.5 6.5 11.5 12.5 4.5" /> : <path d="M8 3.5v9M3.5 8h9" />}
        </svg>
        <span>{following ? t('following') : t('follow')}</span>
      </button>
      {showCount && <span className={styles.count}>{t(count === 1 ? 'followersOne' : 'followers', { count: formatCount(count) })}</span>}
    </span>
  );
}
