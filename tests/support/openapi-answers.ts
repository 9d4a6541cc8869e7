/**
 * Validates API answers against `/api/openapi.json`, strictly: every object schema is treated as closed, so an
 * answer carrying a field its documentation does not declare is a mismatch (zod strips unknown keys on input,
 * but nothing strips them on output). Success answers are validated against the route's documented status;
 * every other JSON answer against its documented error status, or else the general error envelope.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { Answered } from '../../src/lib/server/http/response-check';

type JsonSchema = Record<string, unknown>;
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }> };
type OpenApiDoc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, JsonSchema> } };

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

const OPEN_PREFIX = '#/openComponents/schemas/';

/**
 * Closes every object schema that does not say what extra keys it takes: `additionalProperties: false`. The
 * members of an `allOf` stay open (each sees only its own properties) and the `allOf` itself is closed with
 * `unevaluatedProperties: false`, which counts the properties of every member; a referenced member is read from
 * an open copy of the components (`openComponents`) for the same reason.
 */
export function closeSchema(schema: unknown, open = false): unknown {
  if (Array.isArray(schema)) return schema.map((s) => closeSchema(s));
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties') out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, closeSchema(v)]));
    else if (key === 'allOf')
      out[key] = (value as JsonSchema[]).map((member) =>
        typeof member.$ref === 'string' ? { ...member, $ref: member.$ref.replace('#/components/schemas/', OPEN_PREFIX) } : closeSchema(member, true),
      );
    else out[key] = closeSchema(value);
  }
  const declaresExtras = 'additionalProperties' in out || 'unevaluatedProperties' in out || 'propertyNames' in out;
  if (!open && !declaresExtras) {
    if ('allOf' in out) out.unevaluatedProperties = false;
    else if ('properties' in out) out.additionalProperties = false;
  }
  return out;
}

export type Operations = { key: string; method: string; template: string; pattern: RegExp }[];

export function operationsOf(doc: OpenApiDoc): Operations {
  return Object.entries(doc.paths)
    .flatMap(([template, ops]) =>
      Object.keys(ops)
        .filter((m) => METHODS.has(m))
        .map((method) => ({
          key: `${method} ${template}`,
          method,
          template,
          pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
        })),
    )
    // A literal path wins over a template that would also match it.
    .sort((a, b) => (a.template.match(/\{/g)?.length ?? 0) - (b.template.match(/\{/g)?.length ?? 0));
}

export function createAnswerValidator(doc: OpenApiDoc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  const schemas = doc.components?.schemas ?? {};
  const components = { schemas: Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, closeSchema(s)])) };
  const openComponents = { schemas: Object.fromEntries(Object.entries(schemas).map(([name, s]) => [name, closeSchema(s, true)])) };
  const compiled = new Map<string, ValidateFunction>();
  // The components once, under their own id, so each answer schema compiles only its own part.
  ajv.addSchema({ $id: 'openapi', components, openComponents });
  const compile = (key: string, schema: JsonSchema) => {
    let fn = compiled.get(key);
    if (!fn) {
      fn = ajv.compile(JSON.parse(JSON.stringify(closeSchema(schema)).replaceAll('"$ref":"#/', '"$ref":"openapi#/')) as JsonSchema);
      compiled.set(key, fn);
    }
    return fn;
  };
  const operations = operationsOf(doc);
  /** Operations that answered a success validated against their documentation. */
  const validated = new Set<string>();
  const problems: string[] = [];

  async function check(answer: Answered): Promise<string | null> {
    const op = operations.find((o) => o.method === answer.method && o.pattern.test(answer.path));
    if (!op) return null;
    const responses = doc.paths[op.template]![op.method]!.responses ?? {};
    if (answer.body === undefined) return checkOther(op.key, responses[String(answer.status)], answer);
    const documented = responses[String(answer.status)]?.content?.['application/json']?.schema;
    const success = answer.status >= 200 && answer.status < 300;
    let validate: ValidateFunction;
    if (documented) validate = compile(`${op.key} ${answer.status}`, documented);
    else if (!success) validate = compile('ErrorEnvelope', { $ref: '#/components/schemas/ErrorEnvelope' });
    else return record(`${op.key}: status ${answer.status} is not documented`);
    if (!validate(answer.body)) {
      const why = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}${e.params && 'additionalProperty' in e.params ? ` '${String(e.params.additionalProperty)}'` : ''}`);
      return record(`${op.key} ${answer.status}: ${why.join('; ')}`);
    }
    if (success) validated.add(op.key);
    return null;
  }

  /** A success that is not JSON (a file, a redirect, nothing new): its status and media type must be documented. */
  function checkOther(key: string, documented: { content?: Record<string, unknown> } | undefined, answer: Answered): string | null {
    if (answer.status >= 400) return null;
    if (!documented) return record(`${key}: status ${answer.status} is not documented`);
    const mediaType = answer.contentType?.split(';')[0]?.trim() ?? '';
    if (documented.content && !(mediaType in documented.content)) return record(`${key} ${answer.status}: ${mediaType || 'no content type'} is not documented`);
    validated.add(key);
    return null;
  }

  function record(problem: string): string {
    problems.push(problem);
    return problem;
  }

  return { check, validated, problems, operations };
}
