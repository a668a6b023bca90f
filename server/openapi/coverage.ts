// Which operations of the document declare no success answer (their route has no answers(...) line).
import type { OpenApiDocument } from './finish';
import { FALLBACK_SUCCESS } from './responses';

/** `METHOD /path` of every operation that answers with the fallback success description. */
export function undeclaredOperations(doc: OpenApiDocument): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const ok = op.responses['200'] as { description?: string } | undefined;
      if (ok?.description === FALLBACK_SUCCESS[200].description) out.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return out;
}
