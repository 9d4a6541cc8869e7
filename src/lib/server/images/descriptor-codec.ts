/**
 * The stored form of a descriptor: a little-endian float32 scale, then one signed byte per dimension (value =
 * byte × scale). A quarter of float32's size, which is what lets the exact scan hold 100k descriptors in memory
 * and load them quickly; the rounding (at most half a step of max|v|/127) moves distances far less than two photos
 * of one material differ.
 */
export function encodeDescriptor(v: ArrayLike<number>): Buffer {
  let max = 0;
  for (let i = 0; i < v.length; i++) max = Math.max(max, Math.abs(v[i]!));
  const scale = max > 0 ? max / 127 : 1;
  const out = Buffer.alloc(4 + v.length);
  out.writeFloatLE(scale, 0);
  for (let i = 0; i < v.length; i++) out.writeInt8(Math.round(v[i]! / scale), 4 + i);
  return out;
}

export function decodeDescriptor(bytes: Buffer): Float32Array {
  const scale = bytes.readFloatLE(0);
  const out = new Float32Array(bytes.length - 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readInt8(4 + i) * scale;
  return out;
}
