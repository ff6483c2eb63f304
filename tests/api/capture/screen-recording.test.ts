// @one-engine: the time goes to Chromium or ffmpeg; the rows are plain (scripts/test-all.mjs).
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';
import { servicesOf, waitFor } from '../../helpers/jobs.js';
import { listen, portOf, siteHandler, usePublicWeb } from '../../helpers/capture-sites.js';
import { runUntilIdle } from '../../../server/src/jobs/index.js';
import { SCREEN_FINISH_TASK } from '../../../server/src/services/capture/screen-sessions.js';
import { framesToWebm } from '../../../server/src/services/capture/screen-finish.js';
import { leafAt } from '../../../server/src/repositories/evidence-log.js';
import { parseLeaf } from '../../../server/src/evidence/leaf.js';
import { ffprobeBin } from '../../../server/src/services/media/binaries.js';

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** ffprobe and ffmpeg's own reading of a WebM: duration, codec, frames decoded, distinct frame pictures. */
function probe(webm: Buffer) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-probe-'));
  try {
    const file = path.join(dir, 'recording.webm');
    fs.writeFileSync(file, webm);
    const info = JSON.parse(
      execFileSync(ffprobeBin()!, [
        '-v',
        'error',
        '-count_frames',
        '-select_streams',
        'v:0',
        '-show_entries',
        'format=duration:stream=codec_name,nb_read_frames',
        '-of',
        'json',
        file,
      ]).toString('utf8'),
    );
    // One md5 per decoded frame: how many different pictures the video shows.
    const md5s = execFileSync('/usr/bin/ffmpeg', ['-v', 'error', '-i', file, '-f', 'framemd5', '-'])
      .toString('utf8')
      .split('\n')
      .filter((l) => l && !l.startsWith('#'))
      .map((l) => l.split(',').pop()!.trim());
    return {
      duration: Number(info.format.duration),
      codec: info.streams[0].codec_name as string,
      frames: Number(info.streams[0].nb_read_frames),
      distinctFrames: new Set(md5s).size,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('screen-recording evidence: a live headless Chromium session driven through the API', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let bob: Awaited<ReturnType<typeof makeUser>>;
  let site: { origin: string; close: () => Promise<void> };
  let server: { origin: string; close: () => Promise<void> };
  let restoreNetwork = () => {};
  const marker = `S${crypto.randomBytes(5).toString('hex')}`;
  beforeAll(async () => {
    // The loopback server is reached by a public name: the egress policy refuses loopback itself.
    server = await listen(http.createServer(siteHandler(marker)));
    restoreNetwork = usePublicWeb([
      { name: 'public-site.test', address: '93.184.216.34', port: 80, to: portOf(server.origin) },
    ]);
    site = { origin: 'http://public-site.test', close: server.close };
    t = await makeTestApp();
    alice = await makeUser(t.db);
    bob = await makeUser(t.db);
  });
  afterAll(async () => {
    await t?.close();
    await site?.close();
    restoreNetwork();
  });

  const base = '/api/protection/captures';
  const frame = (id: number, auth = alice.auth) => t.app.inject({ url: `${base}/screen/${id}/frame`, headers: auth });
  const input = (id: number, body: Record<string, unknown>) =>
    call(t.app, 'POST', `${base}/screen/${id}/input`, alice.auth, body);

  it('needs a paid unit; records frames, inputs and navigation; stop makes a WebM and the sealed bundle', async () => {
    expect((await call(t.app, 'POST', `${base}/screen`, alice.auth, { url: `${site.origin}/page` })).status).toBe(402);
    await buyServiceWithWallet(t.app, t.db, alice, 'screen_recording_5');
    expect((await call(t.app, 'POST', `${base}/screen`, alice.auth, { url: 'javascript:alert(1)' })).status).toBe(400);
    const started = await call(t.app, 'POST', `${base}/screen`, alice.auth, {
      url: `${site.origin}/page`,
      title: '录屏测试',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data.id;
    expect(started.body.data.limitSeconds).toBeGreaterThan(0);
    const first = await waitFor(
      async () => {
        const r = await frame(id);
        return r.statusCode === 200 && r;
      },
      15_000,
      'a screencast frame',
    );
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.rawPayload.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(Number(first.headers['x-remaining-seconds'])).toBeGreaterThan(0);
    expect((await frame(id, bob.auth)).statusCode).toBe(404);

    expect((await input(id, { type: 'scroll', dy: 600 })).status).toBe(200);
    expect((await input(id, { type: 'key', key: 'Delete; rm -rf' })).status).toBe(400);
    expect((await input(id, { type: 'click' })).status).toBe(400);
    expect((await input(id, { type: 'goto', url: `${site.origin}/next` })).status).toBe(200);
    expect((await input(id, { type: 'back' })).status).toBe(200);
    expect((await input(id, { type: 'type', text: 'hello' })).status).toBe(200);
    // The screen then stays still for 2.5 s: the video must still last until stop.
    await new Promise((r) => setTimeout(r, 2500));
    expect((await call(t.app, 'POST', `${base}/screen/${id}/stop`, bob.auth)).status).toBe(404);
    const stopped = await call(t.app, 'POST', `${base}/screen/${id}/stop`, alice.auth);
    expect(stopped.status).toBe(200);
    expect((await frame(id)).statusCode).toBe(404);
    await runUntilIdle(servicesOf(t.app), { tasks: [SCREEN_FINISH_TASK], pollMs: 50, timeoutMs: 120_000 });

    const c = (await call(t.app, 'GET', `${base}/${id}`, alice.auth)).body.data;
    expect(c, c.error).toMatchObject({
      kind: 'screen',
      status: 2,
      certNo: expect.stringMatching(/^SR\d{16}-[0-9A-Z]{6}$/),
    });
    const file = async (name: string) =>
      (await t.app.inject({ url: `${base}/${id}/files/${name}`, headers: alice.auth })).rawPayload;
    const webm = await file('recording.webm');
    expect(webm.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3])); // EBML header
    // A playable video as long as the session (start to stop, from the action log), 10 frames a second.
    const video = probe(webm);
    const acts = JSON.parse((await file('actions.json')).toString('utf8')) as Array<{ type: string; at: string }>;
    const at = (type: string) => Date.parse(acts.find((a) => a.type === type)!.at);
    const session = (at('stop') - at('start')) / 1000;
    expect(Math.abs(video.duration - session), `video ${video.duration} s, session ${session} s`).toBeLessThan(1);
    expect(video.codec).toBe('vp8');
    expect(Math.abs(video.frames - video.duration * 10)).toBeLessThanOrEqual(3);
    // Its frames are the pages visited: the first and /next differ, so the picture changes.
    expect(video.distinctFrames).toBeGreaterThan(1);
    const manifest = JSON.parse((await file('manifest.json')).toString('utf8'));
    expect(sha256(await file('manifest.json'))).toBe(c.manifestSha256);
    for (const f of manifest.files) expect(sha256(await file(f.name)), f.name).toBe(f.sha256);
    expect(manifest.files.map((f: any) => f.name)).toEqual(
      expect.arrayContaining([
        'recording.webm',
        'frames.zip',
        'actions.json',
        'network.json',
        'archive.wacz',
        'page-1/screenshot.png',
        'provenance.json',
      ]),
    );
    const actions = JSON.parse((await file('actions.json')).toString('utf8'));
    expect(actions.map((a: any) => a.type)).toEqual(
      expect.arrayContaining(['start', 'goto', 'scroll', 'back', 'type', 'navigated', 'stop']),
    );
    expect(actions.find((a: any) => a.type === 'key')).toMatchObject({ ok: false });
    const network = JSON.parse((await file('network.json')).toString('utf8'));
    expect(network.responses.map((r: any) => r.url)).toContain(`${site.origin}/next`);
    expect(parseLeaf((await leafAt(t.db, c.logIndex))!.leaf)).toMatchObject({
      type: 'screen-capture',
      sha256: c.manifestSha256,
      certNo: c.certNo,
    });
    const list = (await call(t.app, 'GET', `${base}?kind=screen`, alice.auth)).body.data.list;
    expect(list.map((x: any) => x.id)).toEqual([id]);
    const left = (await call(t.app, 'GET', '/api/service-orders/quota?service=screen_recording', alice.auth)).body.data
      .list[0].left;
    expect(left).toBe(4);
  });
});

describe('screen recordings interrupted by a restart', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let carol: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await makeTestApp();
    carol = await makeUser(t.db);
    await buyServiceWithWallet(t.app, t.db, carol, 'screen_recording_5');
  });
  afterAll(() => t?.close());

  const left = async () =>
    (await call(t.app, 'GET', '/api/service-orders/quota?service=screen_recording', carol.auth)).body.data.list[0].left;

  /** A recording row as startRecording leaves it (RUNNING, unit consumed) whose process then died. */
  async function orphan(minutesAgo: number): Promise<number> {
    const { insertCapture, moveCapture, CAPTURE } = await import('../../../server/src/repositories/web-captures.js');
    const { consumeQuota } = await import('../../../server/src/services/service-orders-quota.js');
    const { screenRef } = await import('../../../server/src/services/capture/screen-sessions.js');
    return t.db.tx(async (q) => {
      const id = await insertCapture(q, {
        userId: carol.id,
        kind: 'screen',
        title: '中断的录屏',
        urls: ['http://127.0.0.1/'],
        steps: [],
      });
      await consumeQuota(q, { userId: carol.id, service: 'screen_recording', ref: screenRef(id) });
      await moveCapture(q, id, [CAPTURE.QUEUED], CAPTURE.RUNNING);
      await q.query(`UPDATE web_captures SET created_at = now() - make_interval(mins => $2::int) WHERE id = $1`, [
        id,
        minutesAgo,
      ]);
      return id;
    });
  }

  it('fails recordings older than any live session can be and gives their unit back once; recent ones are left', async () => {
    const { failAbandonedRecordings } = await import('../../../server/src/services/capture/screen-sessions.js');
    const old = await orphan(30);
    const recent = await orphan(0);
    expect(await left()).toBe(3);
    expect(await failAbandonedRecordings(t.db)).toBe(1);
    expect(await failAbandonedRecordings(t.db)).toBe(0);
    expect(await left()).toBe(4);
    const rows = (await call(t.app, 'GET', '/api/protection/captures?kind=screen', carol.auth)).body.data
      .list as Array<{ id: number; status: number; error: string | null }>;
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(old)!.status).toBe(3);
    expect(byId.get(old)!.error).toContain('已退回');
    expect(byId.get(recent)!.status).toBe(1);
  });
});

describe('framesToWebm', () => {
  it('starts at the recording, not the first frame: blank until the first paint, the last frame held to the stop', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 320, height: 200, channels: 3, background } })
        .jpeg()
        .toBuffer();
    // Under load the first screencast frame came 1.1 s after the start (CI, stop 44's run).
    const frames = new Map([
      ['000000-1500.jpg', await frame('#1f6feb')],
      ['000001-2500.jpg', await frame('#d1242f')],
    ]);
    const video = probe((await framesToWebm(frames, undefined, 4000))!);
    expect(Math.abs(video.duration - 4)).toBeLessThan(0.15);
    expect(Math.abs(video.frames - 40)).toBeLessThanOrEqual(2);
    // White, blue, red: the lead-in is a picture of its own, not the first frame stretched back.
    expect(video.distinctFrames).toBe(3);
  });
});
