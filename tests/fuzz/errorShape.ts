// The error body of the design page: `{detail: "..."}` (other fields such as `code` may ride along) or
// `{field: ["message", ...]}` for invalid fields.

/** What is wrong with a 4xx answer's body, or null when it has the error shape. */
export function errorShapeProblem(contentType: string | null, text: string): string | null {
  if (!/json/i.test(contentType ?? '')) return `content type ${JSON.stringify(contentType)} is not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return 'body is not JSON';
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not a JSON object';
  const entries = Object.entries(body);
  if (entries.length === 0) return 'body is an empty object';
  if ('detail' in body) return typeof body.detail === 'string' ? null : '`detail` is not a string';
  for (const [field, messages] of entries) {
    if (!Array.isArray(messages) || messages.length === 0 || !messages.every((m) => typeof m === 'string')) {
      return `field ${JSON.stringify(field)} is not a non-empty list of messages`;
    }
  }
  return null;
}
