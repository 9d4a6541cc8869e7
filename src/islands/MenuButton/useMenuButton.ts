import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useHydrated } from '../shared/useHydrated';
import { usePointerOutside } from '../shared/usePointerOutside';

/**
 * The WAI-ARIA menu-button pattern, shared by the language and user menus: Enter, Space or ArrowDown opens on the
 * first item (ArrowUp on the last), arrows, Home and End move, Escape closes and returns focus to the button, Tab
 * closes and lets focus move on, a pointer press outside closes. Items are found by role so a menu can mix links,
 * radio items and submit buttons.
 */
export function useMenuButton(idBase: string) {
  const [open, setOpen] = useState(false);
  // The server renders the button before its handlers exist: disabled until then, so an early press is refused
  // visibly (and waited for by assistive tech and tests) instead of being silently lost.
  const ready = useHydrated();
  // Which item to focus once the menu has rendered open; null means leave focus where it is.
  const [pendingFocus, setPendingFocus] = useState<'first' | 'last' | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttonId = `${idBase}-button`;
  const menuId = `${idBase}-menu`;

  const items = useCallback((): HTMLElement[] => {
    const menu = menuRef.current;
    return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]')) : [];
  }, []);

  const openAt = useCallback((where: 'first' | 'last') => {
    setOpen(true);
    setPendingFocus(where);
  }, []);

  const close = useCallback((returnFocus: boolean) => {
    setOpen(false);
    setPendingFocus(null);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open || pendingFocus === null) return;
    const list = items();
    (pendingFocus === 'first' ? list[0] : list[list.length - 1])?.focus();
    setPendingFocus(null);
  }, [open, pendingFocus, items]);

  const closeOutside = useCallback(() => close(false), [close]);
  usePointerOutside(open, rootRef, closeOutside);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      // Handled here so the native click (which would toggle) does not follow.
      event.preventDefault();
      openAt('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt('last');
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close(true);
    }
  };

  const onButtonClick = () => {
    if (open) close(false);
    else openAt('first');
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    if (list.length === 0) return;
    const index = list.findIndex((el) => el === document.activeElement);
    const move = (to: number) => {
      event.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index < 0 ? list.length - 1 : index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(list.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        close(true);
        break;
      case 'Tab':
        // Focus moves on to the next control in the page; the menu just gets out of the way.
        close(false);
        break;
      case ' ':
        // Links do not activate on Space by themselves; menu items should.
        if (index >= 0) {
          event.preventDefault();
          list[index]?.click();
        }
        break;
      default:
        break;
    }
  };

  return {
    open,
    close,
    rootRef,
    buttonProps: {
      ref: buttonRef,
      id: buttonId,
      type: 'button' as const,
      'aria-haspopup': 'menu' as const,
      'aria-expanded': open,
      'aria-controls': menuId,
      disabled: !ready,
      onClick: onButtonClick,
      onKeyDown: onButtonKeyDown,
    },
    menuProps: {
      ref: menuRef,
      id: menuId,
      role: 'menu' as const,
      'aria-labelledby': buttonId,
      hidden: !open,
      onKeyDown: onMenuKeyDown,
    },
  };
}
