import { atom } from 'nanostores';

/** Items in the buyer's sample bag; every island that changes the bag updates it, the toolbar badge shows it. */
export const $sampleBagCount = atom<number>(0);
