import { describe, expect, it } from 'vitest';
import { hasWebGL, type CanvasLike } from './webgl';

/** A canvas whose contexts are what a test says, recording what was asked of it. */
function fakeCanvas(contexts: Partial<Record<'webgl2' | 'webgl', unknown>>) {
  const asked: string[] = [];
  const canvas: CanvasLike = {
    getContext(kind) {
      asked.push(kind);
      return contexts[kind] ?? null;
    },
  };
  return { canvas, asked };
}

describe('WebGL detection', () => {
  it('finds WebGL 2 and releases the probe context', () => {
    let lost = 0;
    const gl = { getExtension: (name: string) => (name === 'WEBGL_lose_context' ? { loseContext: () => (lost += 1) } : null) };
    const { canvas, asked } = fakeCanvas({ webgl2: gl });
    expect(hasWebGL(() => canvas)).toBe(true);
    expect(asked).toEqual(['webgl2']);
    expect(lost).toBe(1);
  });

  it('falls back to WebGL 1', () => {
    const { canvas, asked } = fakeCanvas({ webgl: { getExtension: () => null } });
    expect(hasWebGL(() => canvas)).toBe(true);
    expect(asked).toEqual(['webgl2', 'webgl']);
  });

  it('says no when the browser offers neither, refuses, or has no canvas', () => {
    expect(hasWebGL(() => fakeCanvas({}).canvas)).toBe(false);
    expect(
      hasWebGL(() => ({
        getContext: () => {
          throw new Error('blocked');
        },
      })),
    ).toBe(false);
    expect(hasWebGL(() => null)).toBe(false);
  });

  it('says no where there is no document (the server)', () => {
    expect(hasWebGL()).toBe(false);
  });
});
