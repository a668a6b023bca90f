// The SMS gateway the configuration names, or null when none is configured (the sender then does nothing).
// A second gateway is one more file beside eskiz.ts and one more line here.
import type { Config } from '../config';
import type { SmsProvider } from '../domain/messages/provider';
import { eskizProvider } from './eskiz';

export function smsProviderFrom(config: Pick<Config, 'eskiz'>): SmsProvider | null {
  if (!config.eskiz) return null;
  return eskizProvider(config.eskiz);
}
