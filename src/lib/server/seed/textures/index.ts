export { TEXTURE_KINDS, textureKindForCategory, isTextureKind, type TextureKind } from './kinds';
export { renderTexture, renderTextureRaw, TEXTURE_VARIANTS } from './render-texture';
export { renderLogo } from './render-logo';
export { renderBanner } from './render-banner';
