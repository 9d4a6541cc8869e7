import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildImageModel, buildVectorModel, type OnnxModelOptions } from '../../../../../tests/fixtures/onnx-model';
import { DEFAULT_INPUT_SIZE, loadImageEmbedding, type ImageEmbedding, type RgbImage } from './load-image-embedding';

let dir = '';
const opened: ImageEmbedding[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'matlib-image-embedding-'));
});

afterAll(async () => {
  await Promise.all(opened.map((e) => e.close()));
  rmSync(dir, { recursive: true, force: true });
});

function writeModel(name: string, bytes: Uint8Array): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

async function load(name: string, options: OnnxModelOptions = {}): Promise<ImageEmbedding> {
  const embedding = await loadImageEmbedding(writeModel(name, buildImageModel(options)));
  opened.push(embedding);
  return embedding;
}

async function errorOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error('expected a rejection');
}

// Pictures are drawn in code: a fixed-seed generator gives noise, so every run sees the same pixels.
function picture(width: number, height: number, paint: (x: number, y: number) => [number, number, number], noise = 0, seed = 3): RgbImage {
  let s = seed >>> 0;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const color = paint(x, y);
      for (let c = 0; c < 3; c++) rgb[(y * width + x) * 3 + c] = Math.max(0, Math.min(255, Math.round(color[c]! + (rand() - 0.5) * noise)));
    }
  }
  return { rgb, width, height };
}

// Warm diagonal stripes, and a nudged copy of them (brighter, grainier): the same material photographed twice.
const stripes = (x: number, y: number): [number, number, number] => {
  const v = Math.sin((x + 0.5 * y) / 2.5) * 60;
  return [170 + v, 110 + v * 0.6, 70 + v * 0.3];
};
const stripesA = picture(64, 48, stripes, 4, 3);
const stripesB = picture(64, 48, (x, y) => stripes(x, y).map((v) => v + 8) as [number, number, number], 10, 11);
// A hard-edged cool checkerboard: a different material.
const checker = picture(64, 48, (x, y) => ((Math.floor(x / 6) + Math.floor(y / 6)) % 2 ? [30, 60, 200] : [230, 230, 90]), 4, 5);

function distance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += (a[i]! - b[i]!) ** 2;
  return Math.sqrt(sum);
}

function norm(v: Float32Array): number {
  return Math.sqrt(v.reduce((n, x) => n + x * x, 0));
}

describe('loadImageEmbedding', () => {
  it('describes the model it loaded', async () => {
    const bytes = buildImageModel();
    const file = writeModel('tiny.onnx', bytes);
    const embedding = await loadImageEmbedding(file);
    opened.push(embedding);
    expect(embedding.model).toBe('tiny.onnx');
    expect(embedding.modelSha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(embedding.dims).toBe(8);
    expect(embedding.inputSize).toEqual({ width: 32, height: 32 });
  });

  it('learns the vector length from the model', async () => {
    const embedding = await load('wide.onnx', { channels: 13 });
    expect(embedding.dims).toBe(13);
    expect((await embedding.embed(stripesA)).length).toBe(13);
  });

  it('returns a finite unit vector of the advertised length, the same for the same picture', async () => {
    const embedding = await load('unit.onnx');
    const a = await embedding.embed(stripesA);
    expect(a).toBeInstanceOf(Float32Array);
    expect(a.length).toBe(embedding.dims);
    expect(a.every(Number.isFinite)).toBe(true);
    expect(norm(a)).toBeCloseTo(1, 5);
    expect(Array.from(await embedding.embed(stripesA))).toEqual(Array.from(a));

    // Another load of the same file is another session: it must agree too.
    const again = await load('unit.onnx');
    expect(again.modelSha256).toBe(embedding.modelSha256);
    expect(Array.from(await again.embed(stripesA))).toEqual(Array.from(a));
  });

  it('puts a similar picture nearer than a different one', async () => {
    const embedding = await load('near.onnx');
    const a = await embedding.embed(stripesA);
    const b = await embedding.embed(stripesB);
    const c = await embedding.embed(checker);
    expect(distance(a, c)).toBeGreaterThan(0.05);
    expect(distance(a, b)).toBeLessThan(distance(a, c) / 2);
  });

  it('scales and centre-crops pictures of any size to the model input', async () => {
    const embedding = await load('crop.onnx');
    const left = picture(32, 32, () => [240, 20, 20], 30, 1);
    const middle = picture(32, 32, (x, y) => ((x + y) % 8 < 4 ? [20, 200, 40] : [250, 250, 250]), 0);
    const right = picture(32, 32, () => [20, 20, 240], 30, 2);
    // Three panels side by side: covering 32x32 keeps the middle one alone.
    const panels = new Uint8Array(96 * 32 * 3);
    for (let y = 0; y < 32; y++) {
      for (const [i, panel] of [left, middle, right].entries()) panels.set(panel.rgb.subarray(y * 96, (y + 1) * 96), (y * 96 + i * 32) * 3);
    }
    const fromPanels = await embedding.embed({ rgb: panels, width: 96, height: 32 });
    const fromMiddle = await embedding.embed(middle);
    expect(distance(fromPanels, fromMiddle)).toBeLessThan(1e-3);
    expect(distance(fromPanels, await embedding.embed(left))).toBeGreaterThan(0.05);

    // Scaling: a picture twice the size, each pixel doubled, is the same picture.
    const doubled = new Uint8Array(64 * 64 * 3);
    for (let y = 0; y < 64; y++) for (let x = 0; x < 64; x++) doubled.set(middle.rgb.subarray(((y >> 1) * 32 + (x >> 1)) * 3, ((y >> 1) * 32 + (x >> 1)) * 3 + 3), (y * 64 + x) * 3);
    const fromDoubled = await embedding.embed({ rgb: doubled, width: 64, height: 64 });
    expect(distance(fromDoubled, fromMiddle)).toBeLessThan(distance(fromMiddle, await embedding.embed(left)) / 4);
  });

  it('uses 224x224 when the model leaves its input size free', async () => {
    const embedding = await load('dynamic.onnx', { inputShape: ['batch', 3, 'height', 'width'] });
    expect(DEFAULT_INPUT_SIZE).toBe(224);
    expect(embedding.inputSize).toEqual({ width: 224, height: 224 });
    expect(embedding.dims).toBe(8);
    const a = await embedding.embed(stripesA);
    expect(norm(a)).toBeCloseTo(1, 5);
    expect(distance(a, await embedding.embed(checker))).toBeGreaterThan(0.05);
  });

  it('averages a feature-map output over its spatial dimensions', async () => {
    const pooled = await load('pooled.onnx', { seed: 9 });
    const map = await load('map.onnx', { seed: 9, head: 'spatial' });
    expect(map.dims).toBe(8);
    const fromPooled = await pooled.embed(checker);
    const fromMap = await map.embed(checker);
    expect(distance(fromPooled, fromMap)).toBeLessThan(1e-5);
  });

  it('reads a half-float output', async () => {
    const single = await load('single.onnx', { seed: 4 });
    const half = await load('half.onnx', { seed: 4, head: 'float16' });
    expect(half.dims).toBe(8);
    const fromHalf = await half.embed(stripesA);
    expect(norm(fromHalf)).toBeCloseTo(1, 5);
    expect(distance(fromHalf, await single.embed(stripesA))).toBeLessThan(1e-2);
  });

  it('gives each caller its own answer when calls overlap', async () => {
    const embedding = await load('overlap.onnx');
    const pictures = [stripesA, checker, stripesB, checker, stripesA];
    const one = [];
    for (const p of pictures) one.push(Array.from(await embedding.embed(p)));
    const overlapping = await Promise.all(pictures.map((p) => embedding.embed(p)));
    expect(overlapping.map((v) => Array.from(v))).toEqual(one);
  });

  it('refuses pixels that do not match their size', async () => {
    const embedding = await load('pixels.onnx');
    expect(await errorOf(embedding.embed({ rgb: new Uint8Array(10), width: 4, height: 4 }))).toMatch(/4x4 RGB picture needs 48 bytes, got 10/);
    expect(await errorOf(embedding.embed({ rgb: new Uint8Array(0), width: 0, height: 0 }))).toMatch(/positive whole numbers/);
  });

  it('feeds the model ImageNet-normalised RGB planes', async () => {
    const embedding = await load('input.onnx', { head: 'input' });
    expect(embedding.dims).toBe(3 * 32 * 32);
    const pixels = picture(32, 32, (x, y) => [8 * x, 255 - 8 * y, 128], 0);
    const mean = [0.485, 0.456, 0.406];
    const std = [0.229, 0.224, 0.225];
    const expected = new Float32Array(3 * 32 * 32);
    for (let c = 0; c < 3; c++) for (let i = 0; i < 32 * 32; i++) expected[c * 1024 + i] = (pixels.rgb[i * 3 + c]! / 255 - mean[c]!) / std[c]!;
    const length = norm(expected);
    const got = await embedding.embed(pixels);
    expect(distance(got, expected.map((v) => v / length))).toBeLessThan(1e-5);
  });

  it('lets a call begun before close() finish, and refuses calls after it', async () => {
    const embedding = await loadImageEmbedding(writeModel('closing.onnx', buildImageModel()));
    const begun = embedding.embed(checker);
    await embedding.close();
    expect(norm(await begun)).toBeCloseTo(1, 5);
    expect(await errorOf(embedding.embed(stripesA))).toMatch(/closing\.onnx is closed/);
  });

  it('refuses to embed once closed', async () => {
    const embedding = await loadImageEmbedding(writeModel('closed.onnx', buildImageModel()));
    await embedding.close();
    await embedding.close();
    expect(await errorOf(embedding.embed(stripesA))).toMatch(/closed\.onnx is closed/);
  });
});

describe('loadImageEmbedding errors', () => {
  it('names a missing file', async () => {
    const file = path.join(dir, 'absent.onnx');
    const message = await errorOf(loadImageEmbedding(file));
    expect(message).toContain(file);
    expect(message).toMatch(/not found/);
  });

  it('names a file that is not an ONNX model', async () => {
    const file = writeModel('text.onnx', new TextEncoder().encode('this is a photograph, honestly'));
    const message = await errorOf(loadImageEmbedding(file));
    expect(message).toContain(file);
    expect(message).toMatch(/is not a readable ONNX model/);
  });

  it('names a truncated model', async () => {
    const whole = buildImageModel();
    const file = writeModel('truncated.onnx', whole.subarray(0, Math.floor(whole.length * 0.6)));
    const message = await errorOf(loadImageEmbedding(file));
    expect(message).toContain(file);
    expect(message).toMatch(/is not a readable ONNX model/);
  });

  it('refuses a model without a rank-4 float image input', async () => {
    const file = writeModel('vector.onnx', buildVectorModel(16));
    const message = await errorOf(loadImageEmbedding(file));
    expect(message).toContain(file);
    expect(message).toMatch(/"features" is float32 \[1,16\], not a rank-4 float32 tensor/);
  });

  it('refuses an image input that is not RGB', async () => {
    const file = writeModel('grey.onnx', buildImageModel({ inputShape: [1, 1, 32, 32] }));
    const message = await errorOf(loadImageEmbedding(file));
    expect(message).toContain(file);
    expect(message).toMatch(/has 1 channels, not 3/);
  });

  it('refuses an image input with a fixed batch of several pictures', async () => {
    const file = writeModel('batch.onnx', buildImageModel({ inputShape: [4, 3, 32, 32] }));
    expect(await errorOf(loadImageEmbedding(file))).toMatch(/takes 4 pictures at a time/);
  });

  it('refuses a model whose output is not numeric', async () => {
    const file = writeModel('strings.onnx', buildImageModel({ head: 'string' }));
    const message = await errorOf(loadImageEmbedding(file));
    expect(message).toContain(file);
    expect(message).toMatch(/first output "embedding" is string, not a numeric tensor/);
  });

  it('refuses to normalise an all-zero output', async () => {
    const embedding = await load('zero.onnx', { weights: 'zero' });
    expect(embedding.dims).toBe(8);
    expect(await errorOf(embedding.embed(stripesA))).toMatch(/zero\.onnx: the model returned an all-zero vector/);
  });
});
