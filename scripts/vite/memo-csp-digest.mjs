// Astro hashes each inline script and style of every page it renders for the Content-Security-Policy, through the
// asynchronous Web Crypto digest: on a small page that was a tenth of the server's time (docs/architecture.md#budgets).
// The same few scripts and styles come back on every page, so this Vite plugin rewrites Astro's digest function
// into a synchronous node:crypto hash kept in a bounded map. The build fails if Astro's function changes shape,
// rather than silently losing the cache.
const TARGET = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const ORIGINAL = /async function generateCspDigest\(data, algorithm\) \{\n\s*const hashBuffer = await crypto\.subtle\.digest\(algorithm, encoder\.encode\(data\)\);\n\s*const hash = encodeBase64\(new Uint8Array\(hashBuffer\)\);\n\s*return `\$\{ALGORITHMS\[algorithm\]\}\$\{hash\}`;\n\}/;

const MEMOIZED = `import { createHash as __cspCreateHash } from 'node:crypto';
const __cspDigests = new Map();
async function generateCspDigest(data, algorithm) {
  const key = algorithm + '\\u0000' + data;
  let digest = __cspDigests.get(key);
  if (digest === undefined) {
    digest = ALGORITHMS[algorithm] + __cspCreateHash(algorithm.replace('-', '').toLowerCase()).update(data).digest('base64');
    if (__cspDigests.size >= 2000) __cspDigests.clear();
    __cspDigests.set(key, digest);
  }
  return digest;
}`;

/** @returns {import('vite').Plugin} */
export function memoCspDigest() {
  return {
    name: 'matlib:memo-csp-digest',
    enforce: 'pre',
    transform(code, id) {
      if (!TARGET.test(id)) return null;
      if (!ORIGINAL.test(code)) this.error('generateCspDigest in astro/dist/core/encryption.js changed: update scripts/vite/memo-csp-digest.mjs');
      return { code: code.replace(ORIGINAL, MEMOIZED), map: null };
    },
  };
}
