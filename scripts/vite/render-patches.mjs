// Rewrites of the renderers' own code at build time, each measured with bench/ssr and a CPU profile of a
// signed-in page (docs/architecture.md#budgets). Each fails the build if the code it rewrites changes shape,
// rather than silently losing the gain.

/**
 * @param {string} name
 * @param {RegExp} file the module to rewrite
 * @param {RegExp | string} original what must be found there
 * @param {string} replacement
 * @returns {import('vite').Plugin}
 */
function rewrite(name, file, original, replacement) {
  return {
    name: `matlib:${name}`,
    enforce: 'pre',
    transform(code, id) {
      if (!file.test(id)) return null;
      const found = typeof original === 'string' ? code.includes(original) : original.test(code);
      if (!found) this.error(`${name}: the code it rewrites in ${id} changed; update scripts/vite/render-patches.mjs`);
      return { code: code.replace(original, replacement), map: null };
    },
  };
}

/**
 * Astro hashes each inline script and style of every page for the Content-Security-Policy through the asynchronous
 * Web Crypto digest: a tenth of a small page's time. The same few scripts and styles come back on every page, so
 * the digest becomes a synchronous node:crypto hash kept in a bounded map.
 */
const memoCspDigest = rewrite(
  'memo-csp-digest',
  /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/,
  /async function generateCspDigest\(data, algorithm\) \{\n\s*const hashBuffer = await crypto\.subtle\.digest\(algorithm, encoder\.encode\(data\)\);\n\s*const hash = encodeBase64\(new Uint8Array\(hashBuffer\)\);\n\s*return `\$\{ALGORITHMS\[algorithm\]\}\$\{hash\}`;\n\}/,
  `import { createHash as __cspCreateHash } from 'node:crypto';
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
}`,
);

/**
 * With `experimentalDisableStreaming`, @astrojs/react renders an island with renderToString instead of encoding
 * React's stream to bytes and decoding it back (a fifth of a signed-in page's time), but leaves out the island's
 * `identifierPrefix`, so useId would differ between server and browser. The prefix is passed along.
 */
const renderToStringWithPrefix = rewrite(
  'react-render-to-string-prefix',
  /[\\/]@astrojs[\\/]react[\\/]dist[\\/]server\.js$/,
  'html = ReactDOM.renderToString(vnode);',
  'html = ReactDOM.renderToString(vnode, renderOptions);',
);

const COMPONENT = /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]component\.js$/;

/**
 * Before rendering an island, Astro asks each renderer whether the component is its own; React's answer renders
 * the component once more inside a probe. React is our only framework renderer, so it is taken without asking.
 */
const skipRendererCheck = rewrite(
  'skip-renderer-check',
  COMPONENT,
  '    if (!renderer) {\n      let error;\n      for (const r of renderers) {',
  '    if (!renderer && validRenderers.length === 1) renderer = validRenderers[0];\n    if (!renderer) {\n      let error;\n      for (const r of renderers) {',
);

/**
 * An island's id is a hash over its component, its rendered HTML and its props, computed character by character
 * in JavaScript: for the store's grid that is 80 KB a request. The HTML follows from the component and the props,
 * so its length stands in for it.
 */
const hashIslandWithoutHtml = rewrite('hash-island-without-html', COMPONENT, /(-->\n)\$\{html\}(\n\$\{serializeProps\()/, '$1${html.length}$2');

/**
 * Each island's props are serialized twice, once for its id and once for its attribute; the same props object
 * gives the same text, so the second time is taken from a weak map.
 */
const serializePropsOnce = rewrite(
  'serialize-props-once',
  /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/,
  'function serializeProps(props, metadata) {\n  const serialized = JSON.stringify(serializeObject(props, metadata));\n  return serialized;\n}',
  `const __serialized = new WeakMap();
function serializeProps(props, metadata) {
  let serialized = __serialized.get(props);
  if (serialized === undefined) {
    serialized = JSON.stringify(serializeObject(props, metadata));
    __serialized.set(props, serialized);
  }
  return serialized;
}`,
);

/**
 * A page rendered to a string is thousands of appended pieces, and V8 joins such a string up only when it is
 * encoded to bytes, slowly: a millisecond for an 80 KB page, a fifth of a signed-in page's time. The page's text is
 * encoded every 4 KB instead, while the pieces are few and short-lived, and the page comes back as the bytes the
 * response would have encoded them to anyway.
 */
const encodePageAsItRenders = rewrite(
  'encode-page-as-it-renders',
  /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]astro[\\/]render\.js$/,
  /      str \+= chunkToString\(result, chunk\);\n    \}\n  \};\n  await renderStreaming\(templateResult, result, destination\);\n  return str;/,
  `      str += chunkToString(result, chunk);
      if (isPage && str.length > 4096) {
        __parts.push(encoder.encode(str));
        str = "";
      }
    }
  };
  const __parts = [];
  await renderStreaming(templateResult, result, destination);
  if (!isPage) return str;
  __parts.push(encoder.encode(str));
  const __bytes = new Uint8Array(__parts.reduce((n, part) => n + part.length, 0));
  let __offset = 0;
  for (const part of __parts) {
    __bytes.set(part, __offset);
    __offset += part.length;
  }
  return __bytes;`,
);

/** The page now arrives as bytes; its length is still declared. */
const declarePageLength = rewrite(
  'declare-page-length',
  /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]render[\\/]page\.js$/,
  '  if (!streaming && typeof body === "string") {\n    body = encoder.encode(body);\n    headers.set("Content-Length", body.byteLength.toString());\n  }',
  '  if (!streaming && typeof body === "string") body = encoder.encode(body);\n  if (!streaming && body instanceof Uint8Array) headers.set("Content-Length", body.byteLength.toString());',
);

export const renderPatches = () => [memoCspDigest, renderToStringWithPrefix, skipRendererCheck, hashIslandWithoutHtml, serializePropsOnce, encodePageAsItRenders, declarePageLength];
