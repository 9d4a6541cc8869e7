/** The material looks the texture generator can draw, and which one suits a catalogue category. */

export const TEXTURE_KINDS = [
  'full-grain',
  'patent',
  'suede',
  'nubuck',
  'synthetic-leather',
  'plain-weave',
  'twill',
  'oxford',
  'ripstop',
  'satin',
  'denim',
  'canvas',
  'jersey',
  'rib-knit',
  'flyknit',
  'air-mesh',
  'sandwich-mesh',
  'lace',
  'rubber',
  'eva-foam',
  'webbing',
  'cord',
  'generic',
] as const;

export type TextureKind = (typeof TEXTURE_KINDS)[number];

/** Category code (level 2, then level 1) to texture kind. */
const BY_CATEGORY: Record<string, TextureKind> = {
  // level 2
  'full-grain': 'full-grain',
  'split-leather': 'suede',
  sheepskin: 'full-grain',
  pigskin: 'full-grain',
  'patent-leather': 'patent',
  'pu-leather': 'synthetic-leather',
  microfiber: 'synthetic-leather',
  'pvc-leather': 'synthetic-leather',
  'tpu-film': 'patent',
  suede: 'suede',
  nubuck: 'nubuck',
  microsuede: 'nubuck',
  twill: 'twill',
  oxford: 'oxford',
  ripstop: 'ripstop',
  satin: 'satin',
  flyknit: 'flyknit',
  jersey: 'jersey',
  'spacer-knit': 'air-mesh',
  'rib-knit': 'rib-knit',
  'sandwich-mesh': 'sandwich-mesh',
  'air-mesh': 'air-mesh',
  'warp-knit-mesh': 'sandwich-mesh',
  'raw-denim': 'denim',
  'stretch-denim': 'denim',
  'selvedge-denim': 'denim',
  'cotton-canvas': 'canvas',
  'waxed-canvas': 'canvas',
  'duck-canvas': 'canvas',
  'chemical-lace': 'lace',
  'eyelash-lace': 'lace',
  'guipure-lace': 'lace',
  rubber: 'rubber',
  'eva-foam': 'eva-foam',
  'tpu-sole': 'rubber',
  'pu-foam': 'eva-foam',
  shoelaces: 'cord',
  webbing: 'webbing',
  eyelets: 'generic',
  zippers: 'webbing',
  labels: 'satin',
  // level 1
  leather: 'full-grain',
  synthetic: 'synthetic-leather',
  'suede-nubuck': 'suede',
  woven: 'plain-weave',
  knit: 'jersey',
  mesh: 'sandwich-mesh',
  denim: 'denim',
  canvas: 'canvas',
  lace: 'lace',
  sole: 'rubber',
  trims: 'webbing',
};

export function textureKindForCategory(categoryCode: string): TextureKind {
  return BY_CATEGORY[categoryCode] ?? 'generic';
}

export function isTextureKind(value: string): value is TextureKind {
  return (TEXTURE_KINDS as readonly string[]).includes(value);
}
