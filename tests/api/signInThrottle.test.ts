// Sign-in throttling must not let a stranger lock a real user out (issue 15, "Access"): failures count per phone and
// address and per address; across addresses the phone is only slowed down, and never at an address it signed in
// from. The app runs on a clock the test moves (createApp's `now`), so the 15-minute windows are exact.
// Rules: server/auth/throttle.ts; docs/sessions-security.md "Sign-in throttling".
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../server/app';
import { MAX_ADDRESS_FAILURES, MAX_PAIR_FAILURES, PHONE_FREE_FAILURES, PHONE_MAX_DELAY_SECONDS, THROTTLE_WINDOW_SECONDS } from '../../server/auth/throttle';
import { backends, call, useTestApp, type Backend, type CallResult } from './harness';

let counter = 0;
/** A fresh address per use, apart from every other test's (TRUST_PROXY=1 in the tests' configuration). */
const address = () => `172.${16 + (process.pid % 16)}.${Math.floor(++counter / 250)}.${counter % 250}`;

describe.each(backends())('sign-in throttling (%s)', (backend: Backend) => {
  const t = useTestApp(backend);
  let app: App;
  let clock = Date.now();
  const advance = (seconds: number) => {
    clock += seconds * 1000;
  };
  const attempt = (phone: string, password: string, from: string): Promise<CallResult> =>
    call(app, 'POST', '/api/auth/token', { body: { phone, password }, headers: { 'x-forwarded-for': from } });
  const throttled = (res: CallResult) => {
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    expect(res.json).toEqual({ detail: `Too many sign-in attempts. Try again in ${wait} seconds.`, retry_after: wait });
    return wait;
  };

  let phoneCounter = 0;
  const person = async () => {
    const phone = `+99896${String(process.pid % 1000).padStart(3, '0')}${String(++phoneCounter).padStart(4, '0')}`;
    await t.addEmployee({ role: 'TEACHER', phone, password: 'own-pass-1', fullName: `Throttle ${phoneCounter}`, filials: ['Chilonzor'] });
    return { phone, password: 'own-pass-1' };
  };

  beforeAll(() => {
    app = createApp({ db: t.db, config: t.config, clock: { now: () => new Date(clock) } });
  });

  it('five wrong passwords for the director from one address do not lock the director out anywhere else', async () => {
    const { phone, password } = t.demo('DIRECTOR');
    const stranger = address();
    for (let i = 0; i < MAX_PAIR_FAILURES; i++) expect((await attempt(phone, `guess-${i}`, stranger)).status).toBe(401);
    // The stranger's address is done with this phone for the window, even with the right password ...
    throttled(await attempt(phone, password, stranger));
    // ... and the director signs in from their own address, and from any other.
    expect((await attempt(phone, password, address())).status).toBe(200);
    expect((await attempt(phone, password, address())).status).toBe(200);
  });

  it('a lock of one address ends with its window and is not renewed by guesses from elsewhere', async () => {
    const user = await person();
    const stranger = address();
    for (let i = 0; i < MAX_PAIR_FAILURES; i++) await attempt(user.phone, 'wrong', stranger);
    const wait = throttled(await attempt(user.phone, user.password, stranger));
    expect(wait).toBe(THROTTLE_WINDOW_SECONDS);
    advance(THROTTLE_WINDOW_SECONDS - 1);
    expect(throttled(await attempt(user.phone, user.password, stranger))).toBe(1);
    advance(1);
    expect((await attempt(user.phone, user.password, stranger)).status).toBe(200);
  });

  it('guesses from many addresses only slow the phone down, never at an address it signed in from', async () => {
    const user = await person();
    const desk = address();
    expect((await attempt(user.phone, user.password, desk)).status).toBe(200);
    // A stranger with 30 addresses: the first free failures are checked at once, then one at a time, spaced out.
    let checked = 0;
    let refused = 0;
    for (let a = 0; a < 30; a++) {
      const from = address();
      for (let i = 0; i < MAX_PAIR_FAILURES; i++) {
        const res = await attempt(user.phone, `guess-${a}-${i}`, from);
        if (res.status === 401) checked += 1;
        else {
          refused += 1;
          expect(throttled(res)).toBeLessThanOrEqual(PHONE_MAX_DELAY_SECONDS);
        }
      }
    }
    // All at the same instant: exactly the free failures reached the password check.
    expect([checked, refused]).toEqual([PHONE_FREE_FAILURES, 150 - PHONE_FREE_FAILURES]);
    // The user at their desk: straight in, with the stranger still guessing.
    expect((await attempt(user.phone, user.password, desk)).status).toBe(200);
    // The user on a new address waits at most a minute, then gets in.
    const phoneOnTheRoad = address();
    const first = await attempt(user.phone, user.password, phoneOnTheRoad);
    const wait = throttled(first);
    expect(wait).toBeLessThanOrEqual(PHONE_MAX_DELAY_SECONDS);
    advance(wait);
    expect((await attempt(user.phone, user.password, phoneOnTheRoad)).status).toBe(200);
    // Fifteen quiet minutes: the phone's count starts again.
    advance(THROTTLE_WINDOW_SECONDS);
    for (let i = 0; i < PHONE_FREE_FAILURES; i++) expect((await attempt(user.phone, 'wrong', address())).status).toBe(401);
  });

  it('a sustained stranger gets at most one guess a minute once the delay has grown', async () => {
    const user = await person();
    let checked = 0;
    // An hour of guessing every 5 seconds, each from a new address.
    for (let s = 0; s < 3600; s += 5) {
      advance(5);
      if ((await attempt(user.phone, 'guess', address())).status === 401) checked += 1;
    }
    // 10 free, then 1, 2, 4, 8, 16, 32 seconds apart (about 6 in the first 65 s), then one a minute.
    expect(checked).toBeLessThanOrEqual(PHONE_FREE_FAILURES + 6 + 60);
    expect(checked).toBeGreaterThan(50);
  }, 120_000);

  it('an address still locks after 20 failures across phones, for every phone', async () => {
    const from = address();
    for (let i = 0; i < MAX_ADDRESS_FAILURES; i++) expect((await attempt(`+99897${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`, 'x', from)).status).toBe(401);
    const user = await person();
    throttled(await attempt(user.phone, user.password, from));
    expect((await attempt(user.phone, user.password, address())).status).toBe(200);
  });

  it('a success starts the pair again, but gives the address back only its own attempt', async () => {
    const user = await person();
    const from = address();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < MAX_PAIR_FAILURES - 1; i++) expect((await attempt(user.phone, 'typo', from)).status).toBe(401);
      expect((await attempt(user.phone, user.password, from)).status).toBe(200);
    }
    // 12 failures on the address so far; 8 more lock it even for this phone.
    for (let i = 0; i < MAX_ADDRESS_FAILURES - 12; i++) expect((await attempt(`+99898${String(process.pid % 1000).padStart(3, '0')}${String(i).padStart(4, '0')}`, 'x', from)).status).toBe(401);
    throttled(await attempt(user.phone, user.password, from));
  });
});
