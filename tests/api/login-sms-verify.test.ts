import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../helpers/app.js';
import { freshIp, randomPhone } from './login/helpers.js';
const MSG_VERIFY_DAILY_CAP = '该手机号今日验证码错误次数过多，请明天再试';
const VERIFY_DAILY_MAX = 20;
import { codeHash, MAX_ATTEMPTS, MSG_CODE_WRONG, MSG_CODE_TOO_MANY } from '../../server/src/repositories/sms-codes.js';

/**
 * The SMS signing secret ships in the client bundle (spec §5), so the signature only slows a bot
 * down. What holds: at most 5 tries per code and at most 20 wrong codes per phone per day, across
 * codes, each decided atomically so parallel guesses cannot all be checked before any is counted.
 */
describe('SMS code verification limits', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  const login = (phone: string, verificationCode: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/common/userPhoneLoginReg',
      payload: { phone, verificationCode },
      remoteAddress: freshIp(),
    });

  /** A live login code with a known value, as if just texted (sending is limited to once a minute). */
  async function liveCode(phone: string, code: string): Promise<number> {
    await t.db.query('UPDATE sms_codes SET used_at = now() WHERE phone = $1 AND used_at IS NULL', [phone]);
    const r = await t.db.query<{ id: number }>(
      "INSERT INTO sms_codes(phone, purpose, code_hash, ip, expires_at) VALUES ($1, 'login', $2, 'test', now() + interval '5 minutes') RETURNING id",
      [phone, codeHash(t.app.config.smsCodePepper, phone, 'login', code)],
    );
    return Number(r.rows[0].id);
  }
  const attemptsOf = async (id: number) =>
    Number(
      (await t.db.query<{ attempts: number }>('SELECT attempts FROM sms_codes WHERE id = $1', [id])).rows[0].attempts,
    );
  /** Spends wrong codes sequentially, 5 per code, over as many codes as needed. */
  async function spendWrong(phone: string, n: number): Promise<void> {
    for (let done = 0; done < n;) {
      await liveCode(phone, '123456');
      for (let i = 0; i < MAX_ATTEMPTS && done < n; i++, done++) await login(phone, '000000');
    }
  }
  const warmPool = () => Promise.all(Array.from({ length: 10 }, () => t.db.query('SELECT 1')));

  it('30 parallel guesses at one code, the right one last: no more than 5 are checked', async () => {
    const phone = randomPhone();
    const id = await liveCode(phone, '654321');
    await warmPool();
    const guesses = [...Array.from({ length: 29 }, (_, i) => String(100000 + i)), '654321'];
    const rs = await Promise.all(guesses.map((g) => login(phone, g)));
    expect(await attemptsOf(id)).toBeLessThanOrEqual(MAX_ATTEMPTS);
    const checked = rs.filter((r) => r.json().success || [MSG_CODE_WRONG, MSG_CODE_TOO_MANY].includes(r.json().msg));
    expect(checked.length).toBeLessThanOrEqual(MAX_ATTEMPTS);
    // The right code gets in only if it was one of the checked guesses.
    if (rs[29].json().success) expect(checked).toContain(rs[29]);
  });

  it('20 wrong codes a day per phone, across codes; right codes do not count; then even the right code is refused', async () => {
    const phone = randomPhone();
    await spendWrong(phone, VERIFY_DAILY_MAX - 1);
    await liveCode(phone, '222222');
    expect((await login(phone, '222222')).json().success).toBe(true);
    await liveCode(phone, '333333');
    expect((await login(phone, '000000')).json().msg).toBe(MSG_CODE_WRONG);
    const refused = await login(phone, '333333');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, msg: MSG_VERIFY_DAILY_CAP });
    // Another phone is not affected.
    const other = randomPhone();
    await liveCode(other, '444444');
    expect((await login(other, '444444')).json().success).toBe(true);
  });

  it('the daily cap holds under parallel guesses: with 2 left, 10 parallel guesses check only 2', async () => {
    const phone = randomPhone();
    await spendWrong(phone, VERIFY_DAILY_MAX - 2);
    const id = await liveCode(phone, '555555');
    await warmPool();
    const rs = await Promise.all(Array.from({ length: 10 }, (_, i) => login(phone, String(900000 + i))));
    expect(await attemptsOf(id)).toBe(2);
    expect(rs.filter((r) => r.json().msg === MSG_VERIFY_DAILY_CAP)).toHaveLength(8);
    expect((await login(phone, '555555')).json().msg).toBe(MSG_VERIFY_DAILY_CAP);
  });

  it("the cap counts by the China calendar day: yesterday's wrong codes no longer count", async () => {
    const phone = randomPhone();
    await spendWrong(phone, VERIFY_DAILY_MAX);
    await liveCode(phone, '666666');
    expect((await login(phone, '666666')).json().msg).toBe(MSG_VERIFY_DAILY_CAP);
    await t.db.query('UPDATE sms_verify_failures SET day = day - 1 WHERE phone = $1', [phone]);
    expect((await login(phone, '666666')).json().success).toBe(true);
  });
});
