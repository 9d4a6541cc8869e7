import type { TextureKind } from '../kinds';
import type { TextureMap } from '../surface';
import { generic } from './generic';
import { fullGrain, nubuck, patent, suede, syntheticLeather } from './leather';
import type { GeneratorInput } from './types';
import { evaFoam, rubber } from './sole';
import { cord, webbing } from './trims';
import { lace } from './lace';
import { airMesh, sandwichMesh } from './mesh';
import { flyknit, jersey, ribKnit } from './knit';
import { canvas, denim, oxford, plainWeave, ripstop, satin, twill } from './woven';

export type Generator = (input: GeneratorInput) => TextureMap | Promise<TextureMap>;

export const GENERATORS: Record<TextureKind, Generator> = {
  'full-grain': fullGrain,
  patent,
  suede,
  nubuck,
  'synthetic-leather': syntheticLeather,
  'plain-weave': plainWeave,
  twill,
  oxford,
  ripstop,
  satin,
  denim,
  canvas,
  jersey,
  'rib-knit': ribKnit,
  flyknit,
  'air-mesh': airMesh,
  'sandwich-mesh': sandwichMesh,
  lace,
  rubber,
  'eva-foam': evaFoam,
  webbing,
  cord,
  generic,
};
