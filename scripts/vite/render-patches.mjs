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

/**
 * Each request imports its page's module again through `import()`: the module is cached by Node, but its specifier
 * is resolved anew, reading package.json scopes on the way. The first import's promise is kept per page.
 */
const rememberPageModules = rewrite(
  'remember-page-modules',
  /[\\/]astro[\\/]dist[\\/]core[\\/]environment[\\/]production\.js$/,
  '    return await importComponentInstance();',
  `    let imported = __pageModules.get(importComponentInstance);
    if (imported === undefined) {
      imported = importComponentInstance();
      __pageModules.set(importComponentInstance, imported);
    }
    return await imported;`,
);
/** The maps of `remember-page-modules` and `remember-asset-addresses`, at the top of the module they rewrite. */
const productionEnvironmentMemos = rewrite('production-environment-memos', /[\\/]astro[\\/]dist[\\/]core[\\/]environment[\\/]production\.js$/, /^/, 'const __pageModules = new Map();\nconst __assetAddresses = new WeakMap();\n');

/**
 * Astro tags every value of an island's props (`[0, value]`) by building a tagged copy of the whole tree, through
 * Object.entries, Object.fromEntries and a type-name string per value, then stringifies the copy: the store
 * island's 18 KB of props cost a twentieth of the page. The same text is written straight out in one pass, with
 * the common types (strings, numbers, booleans, plain objects, arrays) decided by `typeof` first; and the text of
 * an object frozen all the way down (the pages' messages, see src/lib/i18n) is kept, since it can never change.
 */
const serializePropsAsText = rewrite(
  'serialize-props-as-text',
  /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/,
  'serialized = JSON.stringify(serializeObject(props, metadata));',
  'serialized = __objectText(props, metadata, new WeakSet());',
);
const serializePropsAsTextWriter = rewrite(
  'serialize-props-as-text-writer',
  /[\\/]astro[\\/]dist[\\/]runtime[\\/]server[\\/]serialize\.js$/,
  'function serializeProps(props, metadata) {',
  `const __frozenText = new WeakMap();
const __isPlain = (value) => Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null;
function __deeplyFrozen(value) {
  if (value === null || typeof value !== "object") return true;
  if (!__isPlain(value) || !Object.isFrozen(value)) return false;
  for (const key of Object.keys(value)) if (!__deeplyFrozen(value[key])) return false;
  return true;
}
function __objectText(value, metadata, parents) {
  if (parents.has(value)) return JSON.stringify(serializeObject(value, metadata, parents));
  parents.add(value);
  let text = "{";
  for (const key of Object.keys(value)) {
    if (text.length > 1) text += ",";
    text += JSON.stringify(key) + ":" + __valueText(value[key], metadata, parents);
  }
  parents.delete(value);
  return text + "}";
}
function __plainText(value, metadata, parents) {
  if (!Array.isArray(value)) return "[0," + __objectText(value, metadata, parents) + "]";
  if (parents.has(value)) return JSON.stringify(convertToSerializedForm(value, metadata, parents));
  parents.add(value);
  let text = "[1,[";
  for (let i = 0; i < value.length; i++) text += (i > 0 ? "," : "") + __valueText(value[i], metadata, parents);
  parents.delete(value);
  return text + "]]";
}
function __valueText(value, metadata, parents) {
  switch (typeof value) {
    case "string":
      return "[0," + JSON.stringify(value) + "]";
    case "boolean":
      return value ? "[0,true]" : "[0,false]";
    case "undefined":
      return "[0]";
    case "number":
      if (Number.isFinite(value) || Number.isNaN(value)) return "[0," + JSON.stringify(value) + "]";
      break;
    case "object": {
      if (value === null) return "[0,null]";
      if (!__isPlain(value)) break;
      let text = __frozenText.get(value);
      if (text === undefined) {
        text = __plainText(value, metadata, parents);
        // Kept as one piece: built by appending, it would otherwise be walked part by part on every use.
        if (__deeplyFrozen(value)) __frozenText.set(value, (text = JSON.parse(JSON.stringify(text))));
      }
      return text;
    }
  }
  return JSON.stringify(convertToSerializedForm(value, metadata, parents));
}
function serializeProps(props, metadata) {`,
);

/**
 * Every island asks for its component's and renderer's script addresses, found anew each time through the manifest
 * and the asset-link helpers: a fiftieth of a page with a dozen islands. An address never changes while the
 * server runs, so it is kept per manifest and name.
 */
const rememberAssetAddresses = rewrite(
  'remember-asset-addresses',
  /[\\/]astro[\\/]dist[\\/]core[\\/]environment[\\/]production\.js$/,
  '  async resolve(manifest, specifier) {\n    if (!(specifier in manifest.entryModules)) {',
  `  async resolve(manifest, specifier) {
    let addresses = __assetAddresses.get(manifest);
    if (addresses === undefined) __assetAddresses.set(manifest, (addresses = new Map()));
    let address = addresses.get(specifier);
    if (address === undefined) addresses.set(specifier, (address = this.__resolve(manifest, specifier)));
    return address;
  },
  __resolve(manifest, specifier) {
    if (!(specifier in manifest.entryModules)) {`,
);

export const renderPatches = () => [
  memoCspDigest,
  renderToStringWithPrefix,
  skipRendererCheck,
  hashIslandWithoutHtml,
  serializePropsOnce,
  serializePropsAsText,
  serializePropsAsTextWriter,
  encodePageAsItRenders,
  declarePageLength,
  rememberPageModules,
  productionEnvironmentMemos,
  rememberAssetAddresses,
];
