import { useEffect, useState } from 'react';
import { useHydrated } from '../shared/useHydrated';
import { createClientT, type Dict } from '../../lib/i18n/client';
import { PasswordSection } from './ChangePasswordForm';

interface Props {
  /** The `accountSettings`, `login` (the shared form wording) and `errors` slices of the page language's messages. */
  messages: Dict;
}

/**
 * Changing the password in the personal center (docs/product/identity.md#profile): the same card as on
 * account settings, for every signed-in user, since changing one's own password needs no certification.
 */
export default function ChangePassword({ messages }: Props) {
  const t = createClientT(messages);
  const ready = useHydrated();
  return <PasswordSection t={t} ready={ready} />;
}
