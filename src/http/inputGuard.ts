import type { Context, Next } from 'koa';
import { ValidationException, type ValidationIssue } from '../core/errors.ts';

/** The deepest nesting of a JSON body the API accepts; no request schema comes near it. */
export const MAX_BODY_DEPTH = 32;
const MAX_ISSUES = 10;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Refuses, before any route sees it, input that would otherwise fail deep down as a 500 (found by
 * the reliability suite's fuzzing of every route, test/reliability/badInput.test.ts):
 * - a JSON body nested deeper than MAX_BODY_DEPTH: validation clones the body recursively, and
 *   10,000 levels overflowed the stack;
 * - a string in the path, the query or the body (keys included) that PostgreSQL cannot store: a
 *   NUL character (text and jsonb refuse U+0000) or a lone UTF-16 surrogate.
 * Both are a 422 with a pointer per problem, like any validation error. The walk is iterative, so
 * the guard itself cannot overflow.
 */
export function inputGuard() {
  return async function guardInput(ctx: Context, next: Next) {
    const issues: ValidationIssue[] = [];
    const add = (pointer: string, message: string) => {
      if (issues.length < MAX_ISSUES) issues.push({ pointer, message });
    };
    const check = (value: string, pointer: string) => {
      if (value.includes('\u0000')) add(pointer, 'must not contain a NUL character');
      else if (LONE_SURROGATE.test(value)) add(pointer, 'must be well-formed Unicode (no lone surrogate)');
    };
    for (const segment of ctx.path.split('/')) {
      let decoded: string;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        continue;
      }
      check(decoded, '/path');
    }
    walk(ctx.query, '/query', add, check);
    walk((ctx.request as { body?: unknown }).body, '/body', add, check);
    if (issues.length > 0) throw new ValidationException('The request is not valid', issues);
    await next();
  };
}

function walk(
  root: unknown,
  base: string,
  add: (pointer: string, message: string) => void,
  check: (value: string, pointer: string) => void,
) {
  const stack: [unknown, string, number][] = [[root, base, 0]];
  while (stack.length > 0) {
    const [value, pointer, depth] = stack.pop()!;
    if (typeof value === 'string') {
      check(value, pointer);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) {
      add(pointer, `is nested deeper than ${MAX_BODY_DEPTH} levels`);
      continue;
    }
    if (Array.isArray(value)) value.forEach((v, i) => stack.push([v, `${pointer}/${i}`, depth + 1]));
    else
      for (const [k, v] of Object.entries(value)) {
        check(k, `${pointer}/${k}`);
        stack.push([v, `${pointer}/${k}`, depth + 1]);
      }
  }
}
