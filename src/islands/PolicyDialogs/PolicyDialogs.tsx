import { useEffect } from 'react';

/** The attribute a link carries when a policy dialog on the page can show what it links to. */
export const POLICY_LINK_ATTRIBUTE = 'data-policy';
export const policyDialogId = (slug: string) => `policy-${slug}`;

/**
 * Opens the policy dialogs the page rendered (`<dialog id="policy-<slug>">`) from any link marked
 * `data-policy="<slug>"`, the sign-in screens' and the register form's alike. Until it hydrates, and for a press that
 * asks for a new tab, the link simply opens the policy's page. Renders nothing.
 */
export default function PolicyDialogs() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest(`a[${POLICY_LINK_ATTRIBUTE}]`) : null;
      const dialog = link ? document.getElementById(policyDialogId(link.getAttribute(POLICY_LINK_ATTRIBUTE) ?? '')) : null;
      if (!(dialog instanceof HTMLDialogElement)) return;
      event.preventDefault();
      dialog.showModal();
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return null;
}
