import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { InferenceSession, Tensor } from 'onnxruntime-web';
import sharp from 'sharp';

/** A picture as interleaved 8-bit sRGB, three bytes a pixel, rows top to bottom, no alpha. */
export type RgbImage = { rgb: Uint8Array; width: number; height: number };

/** An operator-supplied ONNX image model, loaded and ready to turn pictures into unit-length vectors. */
export type ImageEmbedding = {
  /** The model file's base name. */
  model: string;
  /** Hex sha256 of the model file, so stored vectors can say which model made them. */
  modelSha256: string;
  /** Length of every vector `embed` returns. */
  dims: number;
  /** The size pictures are scaled and cropped to before they reach the model. */
  inputSize: { width: number; height: number };
  /** The picture's embedding, L2-normalised. */
  embed(pixels: RgbImage): Promise<Float32Array>;
  /** Frees the runtime's memory for the model; `embed` throws afterwards. */
  close(): Promise<void>;
};

/** Used where the model leaves its input's height or width free: what most image backbones are trained at. */
export const DEFAULT_INPUT_SIZE = 224;

// The statistics torchvision's ImageNet backbones were trained with, and so what most exported image models expect.
const MEAN = [0.485, 0.456, 0.406] as const;
const STD = [0.229, 0.224, 0.225] as const;

type Runtime = typeof import('onnxruntime-web');

let runtime: Promise<Runtime> | undefined;

/**
 * The runtime is imported on first use, so a server without a model configured never loads it. It is the
 * WebAssembly build: the native package's install step fetches GPU libraries from outside the npm registry, which
 * a machine without that network cannot do.
 */
function loadRuntime(): Promise<Runtime> {
  runtime ??= import('onnxruntime-web').then((ort) => {
    // One thread: on a two-core server a second would take a core from request handling, and for models of this
    // size the runtime's worker hand-offs cost more than they save.
    ort.env.wasm.numThreads = 1;
    return ort;
  });
  return runtime;
}

/**
 * Loads the ONNX image model at `file`: one input, a float32 NCHW image tensor with 3 channels (height and width
 * fixed, or free, then 224), and a numeric first output, which is averaged over its spatial dimensions when it is
 * a feature map. Runs one inference on a grey picture to learn the vector's length and to fail here, not on the
 * first real picture, when the model cannot run.
 */
export async function loadImageEmbedding(file: string): Promise<ImageEmbedding> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(file);
  } catch (error) {
    if (isErrnoCode(error, 'ENOENT')) throw new Error(`Image embedding model not found: ${file}`);
    throw new Error(`Cannot read image embedding model ${file}: ${messageOf(error)}`);
  }
  const modelSha256 = createHash('sha256').update(bytes).digest('hex');

  const ort = await loadRuntime();
  let session: InferenceSession;
  try {
    session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'], intraOpNumThreads: 1, logSeverityLevel: 3 });
  } catch (error) {
    throw new Error(`${file} is not a readable ONNX model: ${messageOf(error)}`);
  }

  try {
    const inputSize = imageInputSize(session, file);
    const inputName = session.inputNames[0]!;
    const outputName = session.outputNames[0];
    if (outputName === undefined) throw new Error(`${file}: the model has no output`);
    const outputMeta = session.outputMetadata[0];
    if (outputMeta && !outputMeta.isTensor) throw new Error(`${file}: the model's first output "${outputName}" is not a tensor, so not a numeric vector`);

    // Runs are not queued: the WebAssembly runtime computes on the calling thread, one run at a time, so overlapping
    // calls cannot collide, and queueing would gain nothing. Calls are only counted, so close() can let those already
    // begun finish before it frees the session under them.
    const run = async (data: Float32Array): Promise<Tensor> => {
      const outputs = await session.run({ [inputName]: new ort.Tensor('float32', data, [1, 3, inputSize.height, inputSize.width]) });
      return outputs[outputName]!;
    };
    const inFlight = new Set<Promise<unknown>>();
    let closed = false;

    const grey: RgbImage = { rgb: new Uint8Array(inputSize.width * inputSize.height * 3).fill(128), ...inputSize };
    let warmUp: Tensor;
    try {
      warmUp = await run(await toInputTensorData(grey, inputSize));
    } catch (error) {
      throw new Error(`${file}: the model failed on a ${inputSize.width}x${inputSize.height} picture: ${messageOf(error)}`);
    }
    const dims = outputVector(warmUp, file, outputName).length;
    if (dims === 0) throw new Error(`${file}: the model's first output "${outputName}" is empty`);

    const model = path.basename(file);
    return {
      model,
      modelSha256,
      dims,
      inputSize,
      embed(pixels) {
        if (closed) return Promise.reject(new Error(`Image embedding model ${model} is closed`));
        const work = (async () => {
          checkPixels(pixels);
          const output = await run(await toInputTensorData(pixels, inputSize));
          const vector = outputVector(output, file, outputName);
          // A model with a free output size would give vectors that cannot be compared with the stored ones.
          if (vector.length !== dims) throw new Error(`${model}: the model returned ${vector.length} values, not the ${dims} it returned at load`);
          return normalise(vector, model);
        })();
        inFlight.add(work);
        void work.catch(() => undefined).finally(() => inFlight.delete(work));
        return work;
      },
      async close() {
        if (closed) return;
        closed = true;
        await Promise.allSettled(inFlight);
        await session.release();
      },
    };
  } catch (error) {
    await session.release().catch(() => undefined);
    throw error;
  }
}

/** The model's image input size, after checking that its one input is a `[1 or N, 3, H, W]` float32 tensor. */
function imageInputSize(session: InferenceSession, file: string): { width: number; height: number } {
  const expected = 'an image embedding model must take one input, a float32 image tensor [N,3,H,W]';
  if (session.inputNames.length !== 1) {
    throw new Error(`${file}: the model has ${session.inputNames.length} inputs (${session.inputNames.join(', ')}); ${expected}`);
  }
  const meta = session.inputMetadata[0];
  if (!meta?.isTensor) throw new Error(`${file}: the model's input is not a tensor; ${expected}`);
  const shape = meta.shape;
  const shown = `"${meta.name}" is ${meta.type} [${shape.join(',')}]`;
  if (meta.type !== 'float32' || shape.length !== 4) throw new Error(`${file}: the model's input ${shown}, not a rank-4 float32 tensor; ${expected}`);
  const [batch, channels, height, width] = shape;
  if (typeof channels === 'number' && channels !== 3) throw new Error(`${file}: the model's input ${shown} has ${channels} channels, not 3 (RGB); ${expected}`);
  if (typeof batch === 'number' && batch !== 1) throw new Error(`${file}: the model's input ${shown} takes ${batch} pictures at a time; it must take 1, or any number`);
  return { width: fixedSize(width) ?? DEFAULT_INPUT_SIZE, height: fixedSize(height) ?? DEFAULT_INPUT_SIZE };
}

function fixedSize(dim: number | string | undefined): number | undefined {
  // A named dimension, or a negative or zero one in some exporters' output, is free.
  return typeof dim === 'number' && dim > 0 ? dim : undefined;
}

function checkPixels(pixels: RgbImage): void {
  const { rgb, width, height } = pixels;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0) {
    throw new Error(`Picture size must be positive whole numbers, got ${width}x${height}`);
  }
  if (!(rgb instanceof Uint8Array) || rgb.length !== width * height * 3) {
    throw new Error(`A ${width}x${height} RGB picture needs ${width * height * 3} bytes, got ${rgb instanceof Uint8Array ? rgb.length : typeof rgb}`);
  }
}

/** Scales and centre-crops the picture to the model's size, then lays it out as normalised NCHW floats. */
async function toInputTensorData(pixels: RgbImage, size: { width: number; height: number }): Promise<Float32Array> {
  let rgb = pixels.rgb;
  if (pixels.width !== size.width || pixels.height !== size.height) {
    const { data, info } = await sharp(pixels.rgb, { raw: { width: pixels.width, height: pixels.height, channels: 3 } })
      .resize(size.width, size.height, { fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3 || data.length !== size.width * size.height * 3) throw new Error(`Resizing gave ${info.width}x${info.height}x${info.channels}, not ${size.width}x${size.height}x3`);
    rgb = data;
  }
  const plane = size.width * size.height;
  const out = new Float32Array(plane * 3);
  for (let c = 0; c < 3; c++) {
    const mean = MEAN[c]!;
    const std = STD[c]!;
    const base = c * plane;
    for (let i = 0; i < plane; i++) out[base + i] = (rgb[i * 3 + c]! / 255 - mean) / std;
  }
  return out;
}

/** The output as one vector: a `[N, C, H, W]` feature map is averaged over H and W, anything else flattened. */
function outputVector(output: Tensor, file: string, name: string): Float32Array {
  const values = numericValues(output, file, name);
  const dims = output.dims;
  if (dims.length !== 4) return values;
  const spatial = dims[2]! * dims[3]!;
  if (spatial <= 1) return values;
  const pooled = new Float32Array(values.length / spatial);
  for (let k = 0; k < pooled.length; k++) {
    let sum = 0;
    for (let i = k * spatial; i < (k + 1) * spatial; i++) sum += values[i]!;
    pooled[k] = sum / spatial;
  }
  return pooled;
}

function numericValues(output: Tensor, file: string, name: string): Float32Array {
  const data = output.data;
  switch (output.type) {
    case 'float32':
      // A copy: the runtime may reuse its output buffers on the next run.
      return Float32Array.from(data as Float32Array);
    case 'float16':
      // Without Float16Array the runtime hands over the raw half-float bits, which are not the values.
      if (data instanceof Uint16Array) throw new Error(`${file}: the model's first output "${name}" is float16, which this Node cannot read`);
      return Float32Array.from(data as ArrayLike<number>);
    case 'float64':
    case 'int8':
    case 'uint8':
    case 'int16':
    case 'uint16':
    case 'int32':
    case 'uint32':
      return Float32Array.from(data as ArrayLike<number>);
    case 'int64':
    case 'uint64':
      return Float32Array.from(data as BigInt64Array | BigUint64Array, Number);
    default:
      throw new Error(`${file}: the model's first output "${name}" is ${output.type}, not a numeric tensor`);
  }
}

function normalise(vector: Float32Array, model: string): Float32Array {
  let sum = 0;
  for (const v of vector) sum += v * v;
  if (!Number.isFinite(sum)) throw new Error(`${model}: the model returned a non-finite value for this picture`);
  if (sum === 0) throw new Error(`${model}: the model returned an all-zero vector for this picture, which has no direction to compare`);
  const norm = Math.sqrt(sum);
  for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! / norm;
  return vector;
}

function isErrnoCode(error: unknown, code: string): boolean {
  return typeof error === 'object' && error !== null && (error as NodeJS.ErrnoException).code === code;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
