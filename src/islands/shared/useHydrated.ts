import { useEffect, useState } from 'react';

/**
 * False in the server's markup and until the island has mounted in the browser: a control that needs script is
 * rendered disabled until then, so a press before hydration is never lost without a sign.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
