import { atom } from 'nanostores';

/** Whether the right-side toolbar is collapsed; the initial value comes from the page (suppliers, gradient page). */
export const $toolbarCollapsed = atom<boolean>(false);
