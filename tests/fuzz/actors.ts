// Signed-in employees of every role for the fuzzer, kept usable while the fuzzed requests change passwords,
// archive employees, end sessions or take pages away: a role whose token stops working is signed in again,
// or replaced by a new employee of that role.
import { asc } from 'drizzle-orm';
import { ROLES, defaultPagesFor, type PageKey, type Role } from '../../contract/roles';
import { hashPassword } from '../../server/auth/password';
import { filials } from '../../server/db/schema';
import { insertEmployee } from '../../server/domain/staff/employeeInsert';
import { type PageGuard, passesGuards } from '../../server/http/endpoints';
import { freshAddress, type TestApp } from '../api/harness';

export type Actor = { role: Role; token: string; pages: Set<PageKey> };

let replacements = 0;

export class Actors {
  private readonly byRole = new Map<Role, Actor>();
  constructor(private readonly t: TestApp) {}

  async init(): Promise<void> {
    for (const role of ROLES) await this.signIn(role);
  }

  /** The actors that pass (or fail) an operation's page guards, in ROLES order. */
  matching(guards: PageGuard[], passing: boolean): Actor[] {
    return ROLES.map((r) => this.byRole.get(r)!).filter((a) => passesGuards({ guards }, a.role, a.pages) === passing);
  }

  all(): Actor[] {
    return ROLES.map((r) => this.byRole.get(r)!);
  }

  /** Re-reads the actor's pages; signs in again (or replaces the employee) when its token no longer works. */
  async heal(role: Role): Promise<void> {
    const actor = this.byRole.get(role)!;
    if (await this.readPages(actor)) return;
    await this.signIn(role);
  }

  async refreshAll(): Promise<void> {
    for (const role of ROLES) await this.heal(role);
  }

  private async readPages(actor: Actor): Promise<boolean> {
    const res = await this.t.call('GET', '/api/auth/me', { token: actor.token });
    if (res.status !== 200 || res.json?.role !== actor.role) return false;
    actor.pages = new Set((res.json.pages as { name: PageKey; is_readable: boolean }[]).filter((p) => p.is_readable).map((p) => p.name));
    return true;
  }

  /** A new employee of the role in the first active branch (fuzzed writes may have renamed every demo one). */
  private async addEmployee(role: Role, phone: string, password: string): Promise<void> {
    const { db, config } = this.t;
    const [branch] = await db.select({ id: filials.id }).from(filials).orderBy(asc(filials.isArchived), asc(filials.id)).limit(1);
    const passwordHash = await hashPassword(password, config.scryptN);
    await db.transaction((tx) =>
      insertEmployee(tx, { fullName: `Fuzz ${role}`, phone, passwordHash, role, filialIds: [branch.id], pages: defaultPagesFor(role) }),
    );
  }

  private async signIn(role: Role): Promise<void> {
    const demo = this.t.demo(role);
    let token: string | undefined;
    try {
      token = (await this.t.signIn(demo.phone, demo.password, freshAddress())).access_token;
    } catch {
      // The demo employee's password was changed, or it was archived, or its phone is throttled: a new one.
      replacements += 1;
      const phone = `+99877${String(replacements + process.pid * 100).padStart(7, '0').slice(-7)}`;
      await this.addEmployee(role, phone, 'fuzz-pass-1');
      token = (await this.t.signIn(phone, 'fuzz-pass-1', freshAddress())).access_token;
    }
    const actor: Actor = { role, token, pages: new Set() };
    this.byRole.set(role, actor);
    if (!(await this.readPages(actor))) throw new Error(`a fresh ${role} session cannot read /api/auth/me`);
  }
}
