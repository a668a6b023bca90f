// The branch list follows the branch scope (spec section 6).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { filial } from '../../contract/filial';
import { filials } from '../../server/db/schema';
import { backends, useTestApp } from './harness';

describe.each(backends())('filial list on %s', (backend) => {
  const t = useTestApp(backend);

  const list = async (role: Parameters<typeof t.signInAs>[0], path = '/api/filial/no-pg/') => {
    const { access_token: token } = await t.signInAs(role);
    const res = await t.call('GET', path, { token });
    expect(res.status).toBe(200);
    return filial.strict().array().parse(res.json);
  };

  it('gives the director every branch, by id', async () => {
    expect((await list('DIRECTOR')).map((f) => f.name)).toEqual(['Chilonzor', 'Yunusobod', 'Samarqand']);
  });

  it('gives others their own branches', async () => {
    expect((await list('MULTIPLE_FILIAL_MANAGER', '/api/filial/no-pg')).map((f) => f.name)).toEqual(['Chilonzor', 'Yunusobod']);
    expect((await list('TESTOLOG')).map((f) => f.name)).toEqual(['Yunusobod']);
    expect((await list('TEACHER')).map((f) => f.name)).toEqual(['Chilonzor']);
  });

  it('leaves archived branches out', async () => {
    await t.db.insert(filials).values({ name: 'Eski filial', isArchived: true });
    expect((await list('DIRECTOR')).map((f) => f.name)).not.toContain('Eski filial');
    await t.db.delete(filials).where(eq(filials.name, 'Eski filial'));
  });
});
