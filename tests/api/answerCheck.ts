// Every JSON success answer the API tests receive is checked against the schema its route declares
// (server/http/answers.ts): harness.call() throws on a mismatch, naming the operation and the place in the body,
// so a test that only looked at one field still fails when the shape drifts from the contract.
import { listEndpoints, type Endpoint } from '../../server/http/endpoints';

type Matcher = { endpoint: Endpoint; pattern: RegExp };
type AnyApp = Parameters<typeof listEndpoints>[0];

/** A Hono path pattern (`/api/groups/:id{[0-9]+}`, `/api/x/*`) as a regular expression over a request path. */
export function patternOf(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => {
      const param = /^:[A-Za-z_][A-Za-z0-9_]*(?:\{(.+)\})?(\?)?$/.exec(segment);
      if (param) return `(?:${param[1] ?? '[^/]+'})${param[2] ?? ''}`;
      if (segment === '*') return '.*';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}/?$`);
}

const matchers = new WeakMap<AnyApp, Matcher[]>();

function matchersOf(app: AnyApp): Matcher[] {
  let found = matchers.get(app);
  if (!found) {
    found = listEndpoints(app).map((endpoint) => ({ endpoint, pattern: patternOf(endpoint.path) }));
    matchers.set(app, found);
  }
  return found;
}

/** The operation that answers a request: the first registered route whose method and pattern match (as in Hono). */
export function operationFor(app: AnyApp, method: string, url: string): Endpoint | undefined {
  const path = decodeURI(new URL(url, 'http://x').pathname);
  return matchersOf(app).find((m) => m.endpoint.method === method.toUpperCase() && m.pattern.test(path))?.endpoint;
}

type Issue = { message: string; path?: ReadonlyArray<PropertyKey | { key: PropertyKey }> };

const where = (issue: Issue) => (issue.path?.length ? issue.path.map((p) => String(typeof p === 'object' ? p.key : p)).join('.') : '(the body)');

/** Why an answer breaks its declared contract, or undefined when it keeps it (or the route declares no check). */
export async function answerProblem(app: AnyApp, method: string, url: string, status: number, contentType: string, body: unknown): Promise<string | undefined> {
  if (status < 200 || status >= 300 || !/json/i.test(contentType)) return undefined;
  const endpoint = operationFor(app, method, url);
  if (!endpoint || endpoint.answers.length === 0) return undefined;
  const name = `${endpoint.method} ${endpoint.path}`;
  const declared = endpoint.answers.find((a) => a.status === status);
  if (!declared) return `${name} answered ${status}; it declares ${endpoint.answers.map((a) => a.status).join(', ')}`;
  if (!declared.validate) return `${name} answered JSON with ${status}; it declares ${declared.media ?? 'no body'}`;
  const result = await declared.validate(body);
  if (!result.issues) return undefined;
  const lines = result.issues.slice(0, 5).map((i) => `  at ${where(i)}: ${i.message}`);
  return `${name} answered ${status} with a body that does not match its declared schema:\n${lines.join('\n')}`;
}
