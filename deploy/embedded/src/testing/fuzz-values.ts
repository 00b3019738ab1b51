import fc from 'fast-check';

// JSON values for the API fuzzer: near-valid ones derived from the OpenAPI request schemas (so
// calls reach past validation into handlers) and hostile ones of any shape.

export type JsonSchema = Record<string, unknown>;

const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** NUL and lone surrogates (refused at the edge), and odd but valid text that must get through. */
export const HOSTILE_TEXT = ['\u0000', 'a\u0000b', '\uD800', '\uDFFF', 'x\uDBFF', '\uDE00\uD83D', `e${'\u0301'.repeat(30)}`, '😀'.repeat(20), '\u200B\uFEFF\u00AD'] as const;

/** Strings that have broken parsers, encoders and SQL before. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '', ' ', '\u0000', 'null', 'undefined', 'NaN', '-1', '0', '1e309', "'; DROP TABLE events; --", '%00', '../../etc/passwd',
    '<script>alert(1)</script>', '{{7*7}}', '${jndi:x}', '\uD800', '\uDFFF', '\u202Eabc', 'ß'.repeat(300), '😀'.repeat(100),
    '00000000-0000-0000-0000-000000000000', 'a@b', 'x'.repeat(70_000), ...PROTOTYPE_KEYS,
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.uuid(),
);

/** Any JSON value, including deep nesting and prototype-looking keys. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 2, arbitrary: nastyString },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1.5, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 400 }).map(deeplyNested) },
  { weight: 1, arbitrary: fc.dictionary(fc.constantFrom(...PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 1 }), { minKeys: 1 }) },
);

export function deeplyNested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** A value the schema would accept most of the time (enums, consts, lengths and formats honoured). */
export function validish(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyJson;
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (Array.isArray(alternatives) && alternatives.length > 0) return fc.oneof(...alternatives.map((s) => validish(s, depth + 1)));
  switch (schema.type) {
    case 'string': return stringFor(schema);
    case 'integer': return fc.integer({ min: num(schema.minimum, -1000), max: num(schema.maximum, 1_000_000) });
    case 'number': return fc.double({ min: num(schema.minimum, -1e6), max: num(schema.maximum, 1e6), noNaN: true });
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': return fc.array(validish(schema.items as JsonSchema | undefined, depth + 1), {
      minLength: num(schema.minItems, 0), maxLength: Math.min(num(schema.maxItems, 3), 3),
    });
    case 'object': return objectFor(schema, depth);
    default: return anyJson;
  }
}

function num(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const min = num(schema.minLength, 0);
  const max = Math.max(min, Math.min(num(schema.maxLength, 30), 30));
  const sized = (s: string) => s.length >= min;
  switch (schema.format) {
    case 'email': return fc.emailAddress().filter((s) => s.length <= num(schema.maxLength, 254));
    case 'uuid': return fc.uuid();
    case 'date-time': return fc.date({ noInvalidDate: true, min: new Date(0), max: new Date(4_000_000_000_000) }).map((d) => d.toISOString());
    case 'uri': return fc.webUrl();
    default: break;
  }
  if (typeof schema.pattern === 'string') {
    // Patterns are anchored by zod's JSON Schema output; stringMatching honours them.
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= min && s.length <= num(schema.maxLength, 10_000));
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    { weight: 4, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: max }).filter(sized) },
    // Text that PostgreSQL cannot store, inside otherwise valid bodies (issue 12).
    { weight: 1, arbitrary: fc.constantFrom(...HOSTILE_TEXT).map((t) => `${'x'.repeat(min)}${t}`.slice(0, Math.max(max, t.length))) },
  );
}

function objectFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const names = Object.keys(properties);
  if (names.length === 0) {
    const values = schema.additionalProperties && typeof schema.additionalProperties === 'object'
      ? validish(schema.additionalProperties as JsonSchema, depth + 1) : anyJson;
    const keys = schema.propertyNames ? (validish(schema.propertyNames as JsonSchema, depth + 1) as fc.Arbitrary<string>) : fc.string({ maxLength: 12 });
    return fc.dictionary(keys, values, { maxKeys: 3 });
  }
  const model = Object.fromEntries(names.map((name) => [name, validish(properties[name], depth + 1)]));
  return fc.record(model, { requiredKeys: (schema.required ?? []) as string[] });
}

/** The schema's fields, then one mutation: a wrong-typed value, a missing required field, extra fields. */
export function mutatedObject(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const properties = Object.keys((schema?.properties ?? {}) as Record<string, unknown>);
  if (properties.length === 0) return fc.dictionary(nastyString, anyJson, { maxKeys: 4 });
  return fc.tuple(validish(schema), fc.constantFrom(...properties), anyJson, fc.nat(3), fc.dictionary(fc.oneof(nastyString, fc.constantFrom(...PROTOTYPE_KEYS)), anyJson, { maxKeys: 3 }))
    .map(([base, field, value, how, extra]) => {
      const object = { ...(base as Record<string, unknown>) };
      if (how === 0) object[field] = value;
      else if (how === 1) delete object[field];
      // defineProperty keeps `__proto__` an own key, so it reaches the wire.
      else if (how === 2) for (const [key, extraValue] of Object.entries(extra)) Object.defineProperty(object, key, { value: extraValue, enumerable: true, writable: true, configurable: true });
      else for (const name of properties) object[name] = value;
      return object;
    });
}
