/** What a texture generator is given: the size, the feature scale (1 = an 800 px swatch) and its variant. */
export type GeneratorInput = { w: number; h: number; u: number; seed: number; variant: number };
