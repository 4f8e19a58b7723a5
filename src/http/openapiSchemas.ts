/**
 * The schemas of the OpenAPI document. A schema that carries a TypeBox `$id` (for example
 * `Type.Object({...}, { $id: 'VendorDetailResponse' })`, SPEC.md's names where it gives one) is a
 * named schema: it goes once into `components.schemas` under that name, and every use of it,
 * at the top of a body or deep inside another schema, is a `$ref` to it. Clients generated from
 * the document get one named type per named schema, and the document states each shape once.
 *
 * Two different schemas under one name are a declaration mistake: building the document fails
 * and names both shapes, rather than letting one silently replace the other.
 */

/** OpenAPI's rule for a component's name. */
const COMPONENT_NAME = /^[A-Za-z0-9._-]+$/;

export class ComponentSchemas {
  private readonly byName = new Map<string, { json: string; schema: unknown }>();
  /** Named schema objects already checked, so a schema used on many routes is compared once. */
  private readonly seen = new WeakMap<object, string>();

  /** A schema as it goes into the document: TypeBox's own (symbol) keys dropped, named parts by reference. */
  ref(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map((s) => this.ref(s));
    if (schema === null || typeof schema !== 'object') return schema;
    const id = (schema as { $id?: unknown }).$id;
    if (typeof id === 'string') {
      this.define(id, schema as Record<string, unknown>);
      return { $ref: `#/components/schemas/${id}` };
    }
    return Object.fromEntries(
      Object.entries(schema)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, this.ref(v)]),
    );
  }

  /** The named schemas met so far, by name. */
  get schemas(): Record<string, unknown> {
    return Object.fromEntries([...this.byName].sort((a, b) => a[0].localeCompare(b[0])).map(([name, { schema }]) => [name, schema]));
  }

  private define(name: string, schema: Record<string, unknown>): void {
    if (this.seen.get(schema) === name) return;
    if (!COMPONENT_NAME.test(name))
      throw new Error(`The schema name '${name}' is not a valid component name (letters, digits, '.', '-', '_')`);
    const { $id: _, ...rest } = schema;
    const body = this.ref(rest);
    const json = JSON.stringify(body);
    const known = this.byName.get(name);
    if (known && known.json !== json) {
      throw new Error(`Two different schemas are named '${name}':\n  ${known.json.slice(0, 400)}\n  ${json.slice(0, 400)}`);
    }
    if (!known) this.byName.set(name, { json, schema: body });
    this.seen.set(schema, name);
  }
}
