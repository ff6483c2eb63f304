import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { defineTask, enqueue } from '../../server/src/jobs/index.js';
import { findJob } from '../../server/src/repositories/jobs.js';

/** /api/jobs: who may see a job, and the staff list with retry and cancel. No worker runs here. */
defineTask('test.visible', () => 'ok');
defineTask('seed.test-pending', () => 'ok');

describe('/api/jobs', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let owner: Awaited<ReturnType<typeof makeUser>>;
  let other: Awaited<ReturnType<typeof makeUser>>;
  let staff: Awaited<ReturnType<typeof makeUser>>;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
  const post = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url, headers });
  const setState = (id: number, state: string) => t.db.query('UPDATE jobs SET state = $2 WHERE id = $1', [id, state]);

  beforeAll(async () => {
    t = await makeTestApp();
    owner = await makeUser(t.db);
    other = await makeUser(t.db);
    staff = await makeUser(t.db, { roles: ['buyer', 'staff'] });
  });
  afterAll(() => t?.close());

  it('shows a job to its owner and to staff with state, progress, message and error; 404 for anyone else', async () => {
    const { id } = await enqueue(t.db, 'test.visible', { secret: 'x' }, { ownerId: owner.id });
    await t.db.query(
      "UPDATE jobs SET progress = 40, progress_message = '转码中', last_error = '上次失败' WHERE id = $1",
      [id],
    );
    const mine = await get(`/api/jobs/${id}`, owner.auth);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toMatchObject({
      id,
      task: 'test.visible',
      state: 'queued',
      progress: 40,
      message: '转码中',
      error: '上次失败',
      ownerId: owner.id,
      attempts: 0,
      finishedAt: null,
    });
    expect(mine.json().data).not.toHaveProperty('payload');
    expect((await get(`/api/jobs/${id}`, staff.auth)).statusCode).toBe(200);
    const theirs = await get(`/api/jobs/${id}`, other.auth);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ success: false, msg: '任务不存在' });
    // A job without owner is staff-only; a missing job looks the same as someone else's.
    const ownerless = await enqueue(t.db, 'test.visible', {});
    expect((await get(`/api/jobs/${ownerless.id}`, owner.auth)).statusCode).toBe(404);
    expect((await get('/api/jobs/999999', owner.auth)).statusCode).toBe(404);
    expect((await get(`/api/jobs/${id}`)).statusCode).toBe(401);
  });

  it('refuses malformed ids and states with a Chinese 400', async () => {
    for (const url of ['/api/jobs/abc', '/api/jobs/0', '/api/jobs/99999999999999999999']) {
      const r = await get(url, staff.auth);
      expect(r.statusCode, url).toBe(400);
      expect(r.json().msg, url).toMatch(/[\u4e00-\u9fa5]/);
    }
    const r = await get('/api/jobs?state=exploded', staff.auth);
    expect(r.statusCode).toBe(400);
    expect(r.json().msg).toMatch(/状态/);
  });

  it('lists jobs for staff only, filtered by state, newest first', async () => {
    expect((await get('/api/jobs', owner.auth)).statusCode).toBe(403);
    expect((await get('/api/jobs')).statusCode).toBe(401);
    const a = await enqueue(t.db, 'test.visible', {});
    const b = await enqueue(t.db, 'test.visible', {});
    await setState(a.id, 'failed');
    await setState(b.id, 'failed');
    const r = await get('/api/jobs?state=failed&pageSize=1', staff.auth);
    expect(r.statusCode).toBe(200);
    expect(r.json().data.total).toBe(2);
    expect(r.json().data.list.map((j: { id: number }) => j.id)).toEqual([b.id]);
    const page2 = await get('/api/jobs?state=failed&pageSize=1&page=2', staff.auth);
    expect(page2.json().data.list.map((j: { id: number }) => j.id)).toEqual([a.id]);
  });

  it('staff retry a failed job (full attempts again) and cancel a queued one; other states get 409', async () => {
    const { id } = await enqueue(t.db, 'test.visible', {}, { dedupeKey: 'k1' });
    expect((await post(`/api/jobs/${id}/retry`, owner.auth)).statusCode).toBe(403);
    expect((await post(`/api/jobs/${id}/retry`, staff.auth)).statusCode).toBe(409);
    await t.db.query("UPDATE jobs SET state = 'failed', attempts = 5, finished_at = now() WHERE id = $1", [id]);
    const retried = await post(`/api/jobs/${id}/retry`, staff.auth);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data).toMatchObject({ state: 'queued', attempts: 0, finishedAt: null });

    expect((await post(`/api/jobs/${id}/cancel`, owner.auth)).statusCode).toBe(403);
    const cancelled = await post(`/api/jobs/${id}/cancel`, staff.auth);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.state).toBe('cancelled');
    expect((await post(`/api/jobs/${id}/cancel`, staff.auth)).statusCode).toBe(409);
    expect((await post('/api/jobs/999999/cancel', staff.auth)).statusCode).toBe(404);

    // A cancelled job cannot come back while another unfinished job holds its dedupe key.
    await enqueue(t.db, 'test.visible', {}, { dedupeKey: 'k1' });
    const clash = await post(`/api/jobs/${id}/retry`, staff.auth);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().msg).toMatch(/相同的任务/);
    expect((await findJob(t.db, id))!.state).toBe('cancelled');
  });

  it('/api/health counts unfinished seed jobs (seedPending), which the browser tests wait on', async () => {
    const health = async () => (await get('/api/health')).json().data.seedPending;
    const before = await health();
    const { id } = await enqueue(t.db, 'seed.test-pending', {});
    expect(await health()).toBe(before + 1);
    await setState(id, 'succeeded');
    expect(await health()).toBe(before);
  });
});
