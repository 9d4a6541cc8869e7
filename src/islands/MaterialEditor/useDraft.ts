import { useEffect, useRef, useState } from 'react';

const PREFIX = 'matlib.materialDraft';
const DEBOUNCE_MS = 600;

export const draftKey = (companyId: number, materialId: number | null) => `${PREFIX}.${companyId}.${materialId ?? 'new'}`;

type Stored<T> = { savedAt: string; form: T };

function read<T>(key: string): Stored<T> | null {
  try {
    const raw = localStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as Stored<T>) : null;
    return parsed && typeof parsed.savedAt === 'string' && parsed.form ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the unsaved form in this browser (docs/product/material-editor.md#the-page): written a moment after each change while it differs
 * from what was loaded or saved, offered back on the next visit, removed after a save. Leaving with unsaved changes asks
 * first. Storage that is full or blocked only loses the draft, never the form.
 */
export function useDraft<T>(key: string, form: T, dirty: boolean) {
  const [offer, setOffer] = useState<Stored<T> | null>(null);
  const ready = useRef(false);

  useEffect(() => {
    const found = read<T>(key);
    setOffer(found);
    ready.current = true;
  }, [key]);

  useEffect(() => {
    // Before the offer is answered, a write would replace the draft being offered.
    if (!ready.current || offer) return;
    const timer = setTimeout(() => {
      try {
        if (dirty) localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), form } satisfies Stored<T>));
        else localStorage.removeItem(key);
      } catch {
        /* no storage: nothing to keep */
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key, form, dirty, offer]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  return {
    offer,
    /** The user took the draft (the caller applies it) or refused it (it is deleted). */
    answer(restore: boolean) {
      if (!restore) {
        try {
          localStorage.removeItem(key);
        } catch {
          /* ignore */
        }
      }
      setOffer(null);
    },
    clear(otherKey = key) {
      try {
        localStorage.removeItem(otherKey);
      } catch {
        /* ignore */
      }
    },
  };
}
