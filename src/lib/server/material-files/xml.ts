/**
 * The XML of xTex descriptions and color-card indexes, read into a small tree by a strict, non-validating parser
 * (saxes). A document with a DOCTYPE is refused outright: entity declarations are where XML reaches outside the file
 * (external entities) or grows without bound (nested expansion), and no material file needs them. What is left is
 * the five predefined entities and character references, which cannot grow a text past twice its size. The text is
 * bounded by the caller; elements and nesting are bounded here. Element and attribute names are kept in lower case,
 * so `<Map Type=…>` and `<map type=…>` read the same.
 */
import { SaxesParser } from 'saxes';

export interface XmlElement {
  name: string;
  attributes: Map<string, string>;
  children: XmlElement[];
  /** The element's own text and CDATA, trimmed (not its children's). */
  text: string;
}

export const XML_LIMITS = { maxElements: 10_000, maxDepth: 32 } as const;

/** The bytes are not a well-formed, plain UTF-8 XML document; `message` says why, in English. */
export class XmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'XmlError';
  }
}

const UTF16_BOMS = [Buffer.from([0xff, 0xfe]), Buffer.from([0xfe, 0xff])];

export function parseXml(bytes: Buffer, limits: { maxElements: number; maxDepth: number } = XML_LIMITS): XmlElement {
  if (UTF16_BOMS.some((bom) => bytes.subarray(0, 2).equals(bom))) throw new XmlError('XML is UTF-16; UTF-8 is read');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new XmlError('XML is not valid UTF-8');
  }
  const parser = new SaxesParser({ xmlns: false });
  const open: XmlElement[] = [];
  let root: XmlElement | null = null;
  let count = 0;
  const addText = (chunk: string) => {
    const current = open[open.length - 1];
    if (current) current.text += chunk;
  };
  parser.on('xmldecl', (decl) => {
    if (decl.encoding && !/^utf-?8$/i.test(decl.encoding)) throw new XmlError(`XML declares encoding ${decl.encoding}; UTF-8 is read`);
  });
  parser.on('doctype', () => {
    throw new XmlError('XML with a DOCTYPE is refused (no entity declarations are read)');
  });
  parser.on('opentag', (tag) => {
    if (++count > limits.maxElements) throw new XmlError(`XML has more than ${limits.maxElements} elements`);
    if (open.length >= limits.maxDepth) throw new XmlError(`XML nested more than ${limits.maxDepth} levels`);
    const attributes = new Map<string, string>();
    for (const [name, value] of Object.entries(tag.attributes)) attributes.set(name.toLowerCase(), value);
    const element: XmlElement = { name: tag.name.toLowerCase(), attributes, children: [], text: '' };
    const parent = open[open.length - 1];
    if (parent) parent.children.push(element);
    else root = element;
    open.push(element);
  });
  parser.on('closetag', () => {
    const element = open.pop();
    if (element) element.text = element.text.trim();
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(text).close();
  } catch (err) {
    if (err instanceof XmlError) throw err;
    throw new XmlError(`XML is not well-formed: ${err instanceof Error ? err.message : String(err)}`);
  }
  if (!root) throw new XmlError('XML has no root element');
  return root;
}

/** The first child named `name`. */
export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((c) => c.name === name);
}

/** Every child named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((c) => c.name === name);
}
