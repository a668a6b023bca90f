// A file answered as a download: its media type, an attachment name, and never cached (it holds personal data).
import type { Context } from 'hono';
import type { AppEnv } from './context';

export function download(c: Context<AppEnv>, bytes: Uint8Array<ArrayBuffer>, mime: string, filename: string, disposition: 'attachment' | 'inline' = 'attachment') {
  return c.body(bytes, 200, {
    'content-type': mime,
    'content-disposition': `${disposition}; filename="${filename}"`,
    'cache-control': 'no-store',
  });
}
