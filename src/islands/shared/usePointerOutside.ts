import { useEffect, type RefObject } from 'react';

/**
 * While `open`, a pointer press anywhere outside `root` calls `onOutside` (a popup closes). Presses inside, the
 * popup's own controls included, are left to their handlers.
 */
export function usePointerOutside(open: boolean, root: RefObject<HTMLElement | null>, onOutside: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && root.current?.contains(event.target)) return;
      onOutside();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, root, onOutside]);
}
