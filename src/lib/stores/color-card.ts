import { atom } from 'nanostores';

/**
 * The color card the material detail page is showing: the gallery's swatches and the add-to-sample-bag select both
 * set it and both follow it, so a buyer who looks at a color is offered samples of that color. Null until one is
 * chosen (the page opens on the default card).
 */
export const $chosenColorCard = atom<number | null>(null);
