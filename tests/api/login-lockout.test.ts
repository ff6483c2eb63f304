import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';
import { seedUsers, DEMO_PASSWORD } from '../../server/src/seed/users.js';
import { hashPassword } from '../../server/src/security/password.js';
import { MSG_LOCKED, USER_MAX_FAILURES, IP_MAX_FAILURES } from '../../server/src/repositories/login-failures.js';
import { MSG_BAD_CREDENTIALS } from '../../server/src/routes/common-password.js';
import { freshIp, passwordLogin } from './login/helpers.js';

/**
 * The lockout must hold under parallel guessing: the failure count and the lock decision are one
 * atomic step, so no more than the limit of passwords is ever evaluated. A guess that was evaluated
 * answers "wrong password" (or succeeds); one that was not answers 429 with the lock message.
 */
describe('password lockout under parallel guesses', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let seq = 0;
  beforeAll(async () => {
    t = await makeTestApp();
    await seedUsers(t.app);
  });
  afterAll(() => t.close());

  /** A fresh account with the demo password, so each test starts from zero failures. */
  async function account(): Promise<{ username: string; phone: string }> {
    seq += 1;
    const username = `lock_${seq}_${Date.now() % 100000}`;
    const phone = `136${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    await t.db.query('INSERT INTO users(username, phone, password_hash) VALUES ($1, $2, $3)', [
      username,
      phone,
      await hashPassword(DEMO_PASSWORD),
    ]);
    return { username, phone };
  }

  // Opens every pooled PostgreSQL connection first, so the requests really run side by side.
  const warmPool = () => Promise.all(Array.from({ length: 10 }, () => t.db.query('SELECT 1')));
  const evaluated = <R extends { statusCode: number }>(rs: R[]) => rs.filter((r) => r.statusCode !== 429);

  it('100 parallel wrong passwords from 100 addresses: only 5 are checked, then the right one is refused', async () => {
    const { username } = await account();
    await warmPool();
    const rs = await Promise.all(
      Array.from({ length: 100 }, (_, i) => passwordLogin(t.app, username, `wrong-${i}`, { ip: freshIp() })),
    );
    expect(evaluated(rs)).toHaveLength(USER_MAX_FAILURES);
    for (const r of evaluated(rs)) expect(r.json().msg).toBe(MSG_BAD_CREDENTIALS);
    for (const r of rs.filter((x) => x.statusCode === 429)) expect(r.json().msg).toBe(MSG_LOCKED);
    const right = await passwordLogin(t.app, username, DEMO_PASSWORD, { ip: freshIp() });
    expect(right.statusCode).toBe(429);
    expect(right.json().msg).toBe(MSG_LOCKED);
  });

  it('30 parallel guesses from 30 addresses with the right one last: never more than 5 are checked', async () => {
    const { username } = await account();
    await warmPool();
    const guesses = [...Array.from({ length: 29 }, (_, i) => `wrong-${i}`), DEMO_PASSWORD];
    const rs = await Promise.all(guesses.map((g) => passwordLogin(t.app, username, g, { ip: freshIp() })));
    expect(evaluated(rs)).toHaveLength(USER_MAX_FAILURES);
    // The right password only gets in when it was one of the 5 guesses that were checked.
    const rightAnswer = rs[29];
    if (rightAnswer.statusCode !== 429) expect(rightAnswer.json().success).toBe(true);
    else expect(rightAnswer.json().msg).toBe(MSG_LOCKED);
  });

  it('per IP: 25 parallel guesses at different usernames from one address check only 20', async () => {
    const ip = freshIp();
    await warmPool();
    const rs = await Promise.all(
      Array.from({ length: 25 }, (_, i) => passwordLogin(t.app, `spray_p_${i}`, 'bad', { ip })),
    );
    expect(evaluated(rs)).toHaveLength(IP_MAX_FAILURES);
    const right = await passwordLogin(t.app, 'demo_buyer', DEMO_PASSWORD, { ip });
    expect(right.json().msg).toBe(MSG_LOCKED);
    // The refused guesses were not counted against their usernames (one atomic step for both keys).
    const counted = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM login_failures WHERE key LIKE 'u:spray_p_%'",
    );
    expect(counted.rows[0].n).toBe(IP_MAX_FAILURES);
  });

  it('a success from an address releases its slot: the IP count only holds failures', async () => {
    const ip = freshIp();
    const { username } = await account();
    for (let i = 0; i < IP_MAX_FAILURES - 1; i++) await passwordLogin(t.app, `spray_s_${i}`, 'bad', { ip });
    expect((await passwordLogin(t.app, username, DEMO_PASSWORD, { ip })).json().success).toBe(true);
    // 19 failures + 1 success: one more failure may still be checked before the address is locked.
    expect((await passwordLogin(t.app, 'spray_s_last', 'bad', { ip })).json().msg).toBe(MSG_BAD_CREDENTIALS);
    expect((await passwordLogin(t.app, username, DEMO_PASSWORD, { ip })).json().msg).toBe(MSG_LOCKED);
  });

  it('the username and the phone of one account share one lock', async () => {
    const { username, phone } = await account();
    for (let i = 0; i < USER_MAX_FAILURES; i++)
      expect((await passwordLogin(t.app, username, `bad-${i}`)).json().msg).toBe(MSG_BAD_CREDENTIALS);
    const byPhone = await passwordLogin(t.app, phone, DEMO_PASSWORD);
    expect(byPhone.statusCode).toBe(429);
    expect(byPhone.json().msg).toBe(MSG_LOCKED);
  });
});
