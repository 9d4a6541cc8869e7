import { useState } from 'react';
import { useHydrated } from '../shared/useHydrated';
import { createClientT, type Dict } from '../../lib/i18n/client';
import styles from './AccountSettings.module.css';
import { BindAccountForm, type BoundAddresses } from './BindAccountForm';
import { PasswordSection } from './ChangePasswordForm';
import { Section } from './Section';

interface Props {
  /** The `accountSettings`, `login` (the shared form wording) and `errors` slices of the page language's messages. */
  messages: Dict;
  account: string;
  mobile: string | null;
  email: string | null;
}

/**
 * Account settings (docs/product/routes.md#routes user menu, docs/product/identity.md#calls user center) for certified users with FUN005; the page checks that. The
 * account summary follows a successful bind, so the new address shows without a reload.
 */
export default function AccountSettings({ messages, account, ...initial }: Props) {
  const t = createClientT(messages);
  const [bound, setBound] = useState<BoundAddresses>(initial);
  const ready = useHydrated();
  const rows: [string, string | null][] = [
    [t('accountSettings.account.account'), account],
    [t('accountSettings.account.mobile'), bound.mobile],
    [t('accountSettings.account.email'), bound.email],
  ];

  return (
    <div className={styles.sections}>
      <Section title={t('accountSettings.account.title')}>
        <dl className="fact-list">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className={value ? undefined : styles.empty}>{value || t('accountSettings.account.notBound')}</dd>
            </div>
          ))}
        </dl>
      </Section>
      <PasswordSection t={t} ready={ready} />
      <Section title={t('accountSettings.bind.title')} intro={t('accountSettings.bind.intro')}>
        <BindAccountForm t={t} ready={ready} bound={bound} onBound={setBound} />
      </Section>
    </div>
  );
}
