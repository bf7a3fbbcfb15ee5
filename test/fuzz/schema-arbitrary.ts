/**
 * Values for a JSON Schema (the one the platform derives from a route's zod schemas, as in the OpenAPI
 * document), as fast-check arbitraries. "Valid" here means valid by the schema: refinements the schema
 * cannot express (debit xor credit, a date that is a real date, a condition's operator fitting its field)
 * are approached with hints by property name, so a good share of requests get past validation and into
 * the handlers and the database.
 */
import fc from 'fast-check';

export type JsonSchema = Record<string, unknown>;

/** What a generator may draw on besides the schema: ids of records that exist, and values by property name. */
export interface Vocabulary {
  /** Ids of this organization's records (from seeding and every 2xx answer), so paths and references hit. */
  ids: () => string[];
  /** Arbitraries for string properties whose schema says only "string" (dates, operators, field names). */
  byName: Record<string, fc.Arbitrary<unknown>>;
}

const SMALL = 40;

export const randomUuid = fc.uuid({ version: 7 });

export function idArbitrary(vocabulary: Vocabulary): fc.Arbitrary<string> {
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .constant(null)
        .map(() => vocabulary.ids())
        .chain((ids) => (ids.length ? fc.constantFrom(...ids) : randomUuid)),
    },
    { weight: 1, arbitrary: randomUuid },
  );
}

/** A YYYY-MM-DD date, mostly near now, sometimes at the calendar's ends. */
export const dateArbitrary = fc
  .oneof(
    { weight: 4, arbitrary: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }) },
    { weight: 1, arbitrary: fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true }) },
  )
  .map((d) => d.toISOString().slice(0, 10));

export const instantArbitrary = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true })
  .map((d) => d.toISOString());

function textArbitrary(min: number, max: number): fc.Arbitrary<string> {
  const cap = Math.max(min, Math.min(max, SMALL));
  return fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ minLength: min, maxLength: cap }) },
      { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: min, maxLength: cap }) },
      { weight: 1, arbitrary: fc.constantFrom('Revenue', 'UPI/SWIGGY/food', 'NEFT SALARY', 'Cash', 'north') },
    )
    .filter((s) => s.length >= min && s.length <= max);
}

function numberArbitrary(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -Number.MAX_SAFE_INTEGER;
  const max = typeof schema.maximum === 'number' ? schema.maximum : Number.MAX_SAFE_INTEGER;
  if (integer) {
    const lo = Math.max(min, -1_000_000);
    const hi = Math.min(max, 1_000_000);
    return fc.oneof(
      { weight: 4, arbitrary: fc.integer({ min: Math.min(lo, hi), max: Math.max(lo, hi) }) },
      { weight: 1, arbitrary: fc.constantFrom(min, max) },
    );
  }
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: -100_000, max: 100_000 }).map((n) => n / 100) },
    { weight: 1, arbitrary: fc.double({ min, max, noNaN: true, noDefaultInfinity: true }) },
  );
}

/** An arbitrary of values the schema accepts; `name` is the property it sits under, for hints. */
export function valueFor(schema: JsonSchema | undefined, vocabulary: Vocabulary, name = ''): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).filter((k) => k !== 'default' && k !== 'description').length === 0) {
    return vocabulary.byName[name] ?? fc.jsonValue({ maxDepth: 3 });
  }
  if (Array.isArray(schema.anyOf)) return fc.oneof(...(schema.anyOf as JsonSchema[]).map((s) => valueFor(s, vocabulary, name)));
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'uuid') return idArbitrary(vocabulary);
      if (schema.format === 'date') return dateArbitrary;
      if (schema.format === 'date-time') return instantArbitrary;
      if (typeof schema.pattern === 'string') return fc.stringMatching(new RegExp(schema.pattern as string));
      const hint = vocabulary.byName[name];
      if (hint) return hint;
      return textArbitrary(Number(schema.minLength ?? 0), Number(schema.maxLength ?? 10_000));
    }
    case 'integer':
      return numberArbitrary(schema, true);
    case 'number':
      return numberArbitrary(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const minLength = Number(schema.minItems ?? 0);
      const maxLength = Math.max(minLength, Math.min(Number(schema.maxItems ?? 3), 3));
      return fc.array(valueFor(schema.items as JsonSchema, vocabulary, name), { minLength, maxLength });
    }
    case 'object':
      return objectFor(schema, vocabulary);
  }
  return fc.jsonValue({ maxDepth: 2 });
}

function objectFor(schema: JsonSchema, vocabulary: Vocabulary): fc.Arbitrary<Record<string, unknown>> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, sub] of Object.entries(properties)) record[key] = valueFor(sub, vocabulary, key);
  const fixed = fc.record(record, { requiredKeys: [...required].filter((k) => k in record) });
  const extra = schema.additionalProperties;
  if (!extra || typeof extra !== 'object') return fixed;
  // A record such as ledger `dimensions`: keys from propertyNames, values from additionalProperties.
  const keys = valueFor((schema.propertyNames as JsonSchema) ?? { type: 'string', minLength: 1, maxLength: 20 }, vocabulary).map(String);
  const free = fc.dictionary(keys, valueFor(extra as JsonSchema, vocabulary), { maxKeys: 3 });
  return fc.tuple(fixed, free).map(([a, b]) => ({ ...b, ...a }));
}
