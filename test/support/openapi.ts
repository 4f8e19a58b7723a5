import type { TestApp } from './app.ts';

/**
 * The service's OpenAPI document with every `$ref` (named schemas, shared problem answers)
 * replaced by what it names: what a test reads of one operation, as a reader of the reference
 * sees it expanded.
 */
export async function resolvedDocument(app: TestApp): Promise<any> {
  const document = (await app.call('GET', '/api/v1/openapi.json')).body;
  const target = (ref: string) =>
    ref
      .replace(/^#\//, '')
      .split('/')
      .reduce((node: any, key) => node[key], document);
  const resolve = (node: any): any => {
    if (Array.isArray(node)) return node.map(resolve);
    if (node === null || typeof node !== 'object') return node;
    if (typeof node.$ref === 'string') return resolve(target(node.$ref));
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, resolve(v)]));
  };
  return { ...resolve(document), components: document.components };
}
