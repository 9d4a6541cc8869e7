import type { MouseEvent } from 'react';

interface Props {
  /** Where to go when there is no page to go back to (a first visit, a link opened in a new tab). */
  fallback: string;
  label: string;
  className?: string;
}

/**
 * A back link that prefers the browser history. Before hydration (or without JavaScript) it is an ordinary link
 * to the fallback page, so it always goes somewhere.
 */
export default function BackButton({ fallback, label, className }: Props) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    // Same-origin referrer means the previous history entry is one of our pages, not an external site.
    const cameFromHere = document.referrer !== '' && new URL(document.referrer).origin === window.location.origin;
    if (window.history.length > 1 && cameFromHere) {
      event.preventDefault();
      window.history.back();
    }
  };
  return (
    <a href={fallback} className={className} onClick={onClick}>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.9} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
        <path d="M19 12H5M11 6l-6 6 6 6" />
      </svg>
      {label}
    </a>
  );
}
