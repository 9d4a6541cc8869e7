import { describe, expect, it } from 'vitest';
import { cardSurface, chosenCard, normalizeHex } from './cards';
import { surfaceParams, textureSlots } from './material';
import type { PreviewCard } from './types';

const card = (id: number, over: Partial<PreviewCard> = {}): PreviewCard => ({ id, name: `C${id}`, hex: '#336699', basecolor: null, fallback: null, ...over });
const cards = [card(1), card(2), card(3)];

describe('the card shown', () => {
  it('is the one chosen on the page', () => {
    expect(chosenCard(cards, 3, 2)?.id).toBe(3);
  });

  it('is the default card until one is chosen, or when the choice is not one of this material’s', () => {
    expect(chosenCard(cards, null, 2)?.id).toBe(2);
    expect(chosenCard(cards, 99, 2)?.id).toBe(2);
  });

  it('is the first card without a default, and none without cards', () => {
    expect(chosenCard(cards, null, null)?.id).toBe(1);
    expect(chosenCard(cards, null, 42)?.id).toBe(1);
    expect(chosenCard([], 1, 1)).toBeNull();
  });
});

describe('a card on the surface', () => {
  const maps = { basecolor: '/m/base.png', normal: '/m/normal.png' };

  it('uses the card’s own recoloured map untinted', () => {
    expect(cardSurface(card(1, { basecolor: '/c/1.png' }), maps)).toEqual({ basecolor: '/c/1.png', tint: '#ffffff' });
    expect(cardSurface(card(1, { basecolor: '/c/1.png' }), {})).toEqual({ basecolor: '/c/1.png', tint: '#ffffff' });
  });

  it('tints the material’s map with the card’s color when the card has no map of its own', () => {
    expect(cardSurface(card(1, { hex: '#AA0000' }), maps)).toEqual({ basecolor: '/m/base.png', tint: '#aa0000' });
  });

  it('is the card’s plain color without any map', () => {
    expect(cardSurface(card(1, { hex: '0a0' }), { normal: '/m/normal.png' })).toEqual({ basecolor: null, tint: '#00aa00' });
  });

  it('is the material’s own look without a card, or with a card whose color is unreadable', () => {
    expect(cardSurface(null, maps)).toEqual({ basecolor: '/m/base.png', tint: '#ffffff' });
    expect(cardSurface(card(1, { hex: 'teal' }), maps)).toEqual({ basecolor: '/m/base.png', tint: '#ffffff' });
  });

  it('reads hex colors with or without # and in short form', () => {
    expect(normalizeHex('#1A2b3C')).toBe('#1a2b3c');
    expect(normalizeHex('1a2b3c')).toBe('#1a2b3c');
    expect(normalizeHex(' #abc ')).toBe('#aabbcc');
    for (const bad of ['', '#abcde', 'red', '#ggg000', null, undefined]) expect(normalizeHex(bad)).toBeNull();
  });
});

describe('the material’s maps and constants', () => {
  it('loads every map there is, with the surface’s base color in place of the material’s', () => {
    const maps = { basecolor: '/b', normal: '/n', roughness: '/r', metalness: '/m', alpha: '/a', displacement: '/d' };
    expect(textureSlots(maps, '/card')).toEqual({ map: '/card', normalMap: '/n', roughnessMap: '/r', metalnessMap: '/m', alphaMap: '/a', displacementMap: '/d' });
    expect(Object.keys(textureSlots(maps, '/card'))).toEqual(['map', 'normalMap', 'roughnessMap', 'metalnessMap', 'alphaMap', 'displacementMap']);
    expect(textureSlots({ normal: '/n' }, null)).toEqual({ normalMap: '/n' });
    expect(textureSlots({}, null)).toEqual({});
  });

  it('lets a map decide where there is one, and the constant where there is not', () => {
    const constants = { roughness: 0.3, metalness: 0.6, alpha: 0.5 };
    expect(surfaceParams({}, constants)).toEqual({ roughness: 0.3, metalness: 0.6, opacity: 0.5, transparent: true });
    expect(surfaceParams({ roughness: '/r', metalness: '/m', alpha: '/a' }, constants)).toEqual({ roughness: 1, metalness: 1, opacity: 1, transparent: true });
  });

  it('shows a matte, opaque, non-metal surface when the file says nothing, and clamps what is out of range', () => {
    expect(surfaceParams({}, { roughness: null, metalness: null, alpha: null })).toEqual({ roughness: 0.8, metalness: 0, opacity: 1, transparent: false });
    expect(surfaceParams({}, { roughness: 3, metalness: -1, alpha: Number.NaN })).toEqual({ roughness: 1, metalness: 0, opacity: 1, transparent: false });
  });
});
