// Demo marketing sources: the social networks in one group, the rest on their own.
import type { DbOrTx } from '../db/client';
import { marketingGroups, marketingSources } from '../db/schema';

export const DEMO_MARKETING_GROUP = 'Ijtimoiy tarmoqlar';
export const DEMO_SOCIAL_SOURCES = ['Instagram', 'Telegram', 'Facebook'] as const;
export const DEMO_OTHER_SOURCES = ['Do‘stlar tavsiyasi', 'Banner / flayer', 'Sayt', 'Qo‘ng‘iroq'] as const;

export async function seedMarketing(tx: DbOrTx): Promise<void> {
  const [social] = await tx.insert(marketingGroups).values({ name: DEMO_MARKETING_GROUP }).returning({ id: marketingGroups.id });
  await tx.insert(marketingSources).values([
    ...DEMO_SOCIAL_SOURCES.map((name) => ({ name, groupId: social.id })),
    ...DEMO_OTHER_SOURCES.map((name) => ({ name })),
  ]);
}
