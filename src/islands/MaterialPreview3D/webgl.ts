/** The part of a canvas the check needs, so a test can hand it a stand-in. */
export interface CanvasLike {
  getContext(kind: 'webgl2' | 'webgl'): unknown;
}

interface LoseContext {
  loseContext(): void;
}

/**
 * Whether this browser can draw the 3D preview: WebGL may be missing, blocked by policy or by the graphics driver,
 * and a browser then answers null or throws. The probe context is released at once, since a page may hold only a
 * few and the viewer needs its own.
 */
export function hasWebGL(makeCanvas: () => CanvasLike | null = () => (typeof document === 'undefined' ? null : document.createElement('canvas'))): boolean {
  try {
    const canvas = makeCanvas();
    if (!canvas) return false;
    const gl = (canvas.getContext('webgl2') || canvas.getContext('webgl')) as { getExtension?: (name: string) => unknown } | null;
    if (!gl) return false;
    (gl.getExtension?.('WEBGL_lose_context') as LoseContext | null | undefined)?.loseContext();
    return true;
  } catch {
    return false;
  }
}
