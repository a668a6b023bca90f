// Eskiz (notify.eskiz.uz), the SMS gateway: sign in with e-mail and password for a bearer token (data.token), send
// with mobile_phone (998XXXXXXXXX), message, from and callback_url (answer: id). A 401 means the token expired:
// sign in again once and repeat the request. Form-encoded bodies, as the gateway's documentation sends them.
import type { SendRequest, SendResult, SmsProvider } from '../domain/messages/provider';

export type EskizOptions = {
  baseUrl: string;
  email: string;
  password: string;
  from: string;
  /** Where Eskiz reports delivery; omitted when unset. */
  callbackUrl?: string;
  /** A request that takes longer fails (the sender retries it later). */
  timeoutMs?: number;
};

export function eskizProvider(options: EskizOptions): SmsProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 30_000;
  let token: string | null = null;

  const post = (path: string, form: Record<string, string>, bearer?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: bearer ? { Authorization: `Bearer ${bearer}` } : {},
      body: new URLSearchParams(form),
      signal: AbortSignal.timeout(timeoutMs),
    });

  async function login(): Promise<string> {
    const res = await post('/auth/login', { email: options.email, password: options.password });
    const body = (await res.json().catch(() => null)) as { data?: { token?: string }; message?: string } | null;
    if (!res.ok || !body?.data?.token) throw new Error(`Eskiz sign-in failed (${res.status}): ${body?.message ?? 'no token'}`);
    return body.data.token;
  }

  async function sendOnce(request: SendRequest, bearer: string) {
    // user_sms_id: our message id, which the gateway repeats in its delivery report.
    const form: Record<string, string> = { mobile_phone: request.phone, message: request.text, from: options.from, user_sms_id: String(request.messageId) };
    if (options.callbackUrl) form.callback_url = options.callbackUrl;
    return post('/message/sms/send', form, bearer);
  }

  return {
    name: 'eskiz',
    async send(request: SendRequest): Promise<SendResult> {
      try {
        token ??= await login();
        let res = await sendOnce(request, token);
        if (res.status === 401) {
          token = await login();
          res = await sendOnce(request, token);
        }
        const body = (await res.json().catch(() => null)) as { id?: string | number; message?: unknown; status?: string } | null;
        if (res.ok && body?.id !== undefined) return { ok: true, providerMessageId: String(body.id) };
        const reason = `Eskiz ${res.status}: ${typeof body?.message === 'string' ? body.message : JSON.stringify(body?.message ?? null)}`;
        // A request the gateway refuses as such (bad phone, empty text) fails the same way every time.
        return { ok: false, reason, permanent: res.status === 400 || res.status === 422 };
      } catch (err) {
        return { ok: false, reason: `Eskiz unreachable: ${err instanceof Error ? err.message : String(err)}` };
      }
    },
  };
}
