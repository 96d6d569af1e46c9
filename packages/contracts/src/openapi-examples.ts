// Example request bodies made from an endpoint's JSON Schema (as the OpenAPI documents carry it): for the API page's
// curl examples and the API reference's "try it" (docs/product-rules.md#personal-api-keys). One value per required
// field: its first allowed value, else a placeholder of its type.

/** The part of a JSON Schema the examples read. */
export interface ExampleSchema {
  type?: string | string[];
  properties?: Record<string, ExampleSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  anyOf?: ExampleSchema[];
}

/** A value a schema accepts, for an example: its first choice, else a placeholder of its type. */
export function exampleValue(name: string, schema: ExampleSchema | undefined): unknown {
  if (!schema) return `<${name}>`;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.length) return exampleValue(name, schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object') return exampleBody(schema);
  if (type === 'array') return [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return false;
  return `<${name}>`;
}

/** The required fields of an object schema with example values. */
export function exampleBody(schema: ExampleSchema | undefined): Record<string, unknown> {
  const required = new Set(schema?.required ?? []);
  return Object.fromEntries(
    Object.entries(schema?.properties ?? {})
      .filter(([name]) => required.has(name))
      .map(([name, property]) => [name, exampleValue(name, property)]),
  );
}
