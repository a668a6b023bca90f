// How a DomainError is answered: the status of its kind and a JSON body in the request's language. handleError
// (the app's one onError) calls it; nothing else turns the rules' errors into responses.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { FieldErrors } from '../../contract/common';
import type { DomainError, DomainErrorKind, Message } from '../domain/core/errors';
import { requestLang, translate, type Lang } from './i18n';

export const STATUS_OF: Record<DomainErrorKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
};

const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && typeof (value as Message).key === 'string' && Object.keys(value).every((k) => k === 'key' || k === 'params');

/** The response to a DomainError in the request's language (keys as themselves before the config is on the context). */
export function domainErrorResponse(err: DomainError, c: Context): Response {
  const localesDir = (c.get('config') as { localesDir: string } | undefined)?.localesDir;
  const lang: Lang = requestLang(c);
  const text = (m: Message): string => {
    if (!localesDir) return m.key;
    const params = Object.fromEntries(Object.entries(m.params ?? {}).map(([k, v]) => [k, isMessage(v) ? text(v) : v]));
    return translate(localesDir, lang, m.key, params);
  };
  const status = STATUS_OF[err.kind];
  const headers: Record<string, string> = err.retryAfter === undefined ? {} : { 'Retry-After': String(err.retryAfter) };
  if (err.fields) {
    const body: FieldErrors = {};
    for (const [field, list] of Object.entries(err.fields)) body[field] = list.map(text);
    return c.json(body, status, headers);
  }
  const detail = err.key !== undefined ? text({ key: err.key, params: err.params }) : (err.text ?? '');
  return c.json({ ...err.extra, detail, ...(err.code === undefined ? {} : { code: err.code }) }, status, headers);
}
