/**
 * Screen-recording evidence (录屏取证): a live session of the server's headless Chromium, its
 * screen streamed to the user's page (CDP Page.startScreencast frames, polled) and driven by the
 * user's clicks, typing, scrolling and navigation, every one of them logged. Sessions are held by
 * the app process that started them (the browser is a local process); a time limit stops each one.
 * Stopping captures the final page's artefacts, stores the frames and queues capture.screen-finish
 * on the job queue, which encodes the video with ffmpeg and seals the bundle like a web capture.
 * The session's browser reaches the web only through its own egress proxy (server/src/egress), so
 * it is never an interactive browser inside the server's network.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { Db } from '../../db/index.js';
import type { ObjectStore } from '../../storage/types.js';
import { AppError } from '../../http/envelope.js';
import { enqueue } from '../../jobs/index.js';
import { quotaLeft } from '../../repositories/service-orders.js';
import * as wc from '../../repositories/web-captures.js';
import { consumeQuota, noQuota, releaseQuota } from '../service-orders-quota.js';
import { launchCaptureBrowser, helperBinaries, chromiumPath } from './browser.js';
import {
  EGRESS_UNREACHABLE,
  EgressRefused,
  REFUSED_HEADER,
  egressPolicy,
  egressTarget,
  startEgressProxy,
  type EgressEvent,
  type EgressProxy,
  type LocalSite,
} from '../../egress/index.js';
import { captureLimits } from './capture-pages.js';
import { countCaptureAttempt } from './attempts.js';
import { warcFromHar, wacz, type HarEntry } from './warc.js';
import { zipStore } from './zip.js';
import type { CaptureFile } from './capture-pages.js';

import { SCREEN_FINISH_TASK, screenRef } from './screen-finish.js';

export { SCREEN_FINISH_TASK, screenRef };
export const recordingLimitS = () => Number(process.env.SCREEN_RECORDING_LIMIT_S) || 300;
/** Addresses typed into one recording (the start URL included). */
export const recordingMaxGotos = () => Number(process.env.SCREEN_RECORDING_MAX_PAGES) || 20;
const VIEWPORT = { width: 1280, height: 720 };

interface Frame {
  at: number;
  data: Buffer;
}
export interface ActionLog {
  at: string;
  type: string;
  detail: string;
  ok: boolean;
}

interface Session {
  id: number;
  userId: number;
  browser: Browser;
  proxy: EgressProxy;
  gotos: number;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  tmp: string;
  harPath: string;
  frames: Frame[];
  latest: Buffer | null;
  actions: ActionLog[];
  network: Array<{ at: string; url: string; method: string; status: number; type: string }>;
  startedAt: Date;
  /** When the screencast started (the 'start' action): frame times and the video count from here. */
  recordingFrom: number;
  timer: NodeJS.Timeout;
  stopping: Promise<void> | null;
  userAgent: string;
}

const sessions = new Map<number, Session>();
const nowIso = () => new Date().toISOString();

function own(id: number, userId: number): Session {
  const s = sessions.get(id);
  if (!s || s.userId !== userId) throw new AppError(404, '录屏会话不存在或已结束');
  if (s.stopping) throw new AppError(409, '录屏已停止');
  return s;
}

/** Starts a recorded session at a URL, spending one screen_recording unit (log: where raw network errors go). */
export async function startRecording(
  db: Db,
  storage: ObjectStore,
  userId: number,
  url: string,
  title?: string,
  egress: { log?: (e: EgressEvent) => void; local?: LocalSite } = {},
): Promise<{ id: number; limitSeconds: number }> {
  try {
    egressTarget(url);
  } catch {
    throw new AppError(400, '网址须以 http:// 或 https:// 开头');
  }
  await countCaptureAttempt(db, userId);
  if (!(await quotaLeft(db, userId, 'screen_recording')).some((q) => q.left > 0)) throw noQuota('screen_recording');
  const id = await db.tx(async (t) => {
    const newId = await wc.insertCapture(t, {
      userId,
      kind: 'screen',
      title: title?.trim() || new URL(url).host,
      urls: [url],
      steps: [],
    });
    await consumeQuota(t, { userId, service: 'screen_recording', ref: screenRef(newId) });
    await wc.moveCapture(t, newId, [wc.CAPTURE.QUEUED], wc.CAPTURE.RUNNING);
    return newId;
  });
  const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lumen-screen-'));
  let browser: Browser | null = null;
  let proxy: EgressProxy | null = null;
  try {
    proxy = await startEgressProxy(egressPolicy(), { maxBytes: captureLimits().maxBytes, ...egress });
    browser = await launchCaptureBrowser(proxy.url);
    const harPath = path.join(tmp, 'archive.har');
    const context = await browser.newContext({
      recordHar: { path: harPath, content: 'embed' },
      viewport: VIEWPORT,
      serviceWorkers: 'block',
      acceptDownloads: false,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const s: Session = {
      id,
      userId,
      browser,
      proxy,
      gotos: 0,
      context,
      page,
      cdp,
      tmp,
      harPath,
      frames: [],
      latest: null,
      actions: [],
      network: [],
      startedAt: new Date(),
      recordingFrom: 0,
      timer: setTimeout(
        () => void stopRecording(db, storage, userId, id, 'time_limit').catch(() => {}),
        recordingLimitS() * 1000,
      ),
      stopping: null,
      userAgent: await page.evaluate(() => navigator.userAgent),
    };
    sessions.set(id, s);
    cdp.on('Page.screencastFrame', (f: { data: string; sessionId: number }) => {
      const data = Buffer.from(f.data, 'base64');
      s.latest = data;
      s.frames.push({ at: Date.now(), data });
      void cdp.send('Page.screencastFrameAck', { sessionId: f.sessionId }).catch(() => {});
    });
    context.on(
      'response',
      (r) =>
        !r.headers()[REFUSED_HEADER] &&
        s.network.push({
          at: nowIso(),
          url: r.url(),
          method: r.request().method(),
          status: r.status(),
          type: r.request().resourceType(),
        }),
    );
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) s.actions.push({ at: nowIso(), type: 'navigated', detail: f.url(), ok: true });
    });
    await cdp.send('Page.startScreencast', {
      format: 'jpeg',
      quality: 70,
      maxWidth: VIEWPORT.width,
      maxHeight: VIEWPORT.height,
      everyNthFrame: 1,
    });
    s.recordingFrom = Date.now();
    s.actions.push({
      at: new Date(s.recordingFrom).toISOString(),
      type: 'start',
      detail: `Chromium ${browser.version()}，时限 ${recordingLimitS()} 秒`,
      ok: true,
    });
    await applyInput(userId, id, { type: 'goto', url });
    return { id, limitSeconds: recordingLimitS() };
  } catch (err) {
    await browser?.close().catch(() => {});
    await proxy?.close().catch(() => {});
    sessions.delete(id);
    await db.tx(async (t) => {
      await wc.moveCapture(t, id, [wc.CAPTURE.RUNNING], wc.CAPTURE.FAILED, {
        error: `无法启动录屏：${err instanceof AppError ? err.message : '浏览器启动失败'}`.slice(0, 500),
      });
      await releaseQuota(t, { userId, service: 'screen_recording', ref: screenRef(id) });
    });
    throw err;
  }
}

export function latestFrame(userId: number, id: number): { frame: Buffer | null; remainingS: number; url: string } {
  const s = own(id, userId);
  return {
    frame: s.latest,
    remainingS: Math.max(0, Math.round(recordingLimitS() - (Date.now() - s.startedAt.getTime()) / 1000)),
    url: s.page.url(),
  };
}

export type ScreenInput =
  | { type: 'click'; x: number; y: number }
  | { type: 'type'; text: string }
  | { type: 'key'; key: string }
  | { type: 'scroll'; dy: number }
  | { type: 'goto'; url: string }
  | { type: 'back' };

const KEYS = new Set(['Enter', 'Backspace', 'Tab', 'Escape', 'ArrowDown', 'ArrowUp', 'PageDown', 'PageUp']);

/** Applies one input to the session's page and logs it (failures are logged too, and reported). */
export async function applyInput(userId: number, id: number, input: ScreenInput): Promise<void> {
  const s = own(id, userId);
  const log = (detail: string, ok = true) => s.actions.push({ at: nowIso(), type: input.type, detail, ok });
  try {
    if (input.type === 'click') {
      const x = Math.max(0, Math.min(VIEWPORT.width, input.x));
      const y = Math.max(0, Math.min(VIEWPORT.height, input.y));
      await s.page.mouse.click(x, y);
      log(`(${Math.round(x)}, ${Math.round(y)})`);
    } else if (input.type === 'type') {
      await s.page.keyboard.type(input.text, { delay: 10 });
      log(`输入 ${input.text.length} 个字符`);
    } else if (input.type === 'key') {
      if (!KEYS.has(input.key)) throw new AppError(400, '不支持的按键');
      await s.page.keyboard.press(input.key);
      log(input.key);
    } else if (input.type === 'scroll') {
      await s.page.mouse.wheel(0, input.dy);
      log(`dy=${input.dy}`);
    } else if (input.type === 'goto') {
      if (!/^https?:\/\//.test(input.url)) throw new AppError(400, '网址须以 http:// 或 https:// 开头');
      if (++s.gotos > recordingMaxGotos()) throw new AppError(429, `本次录屏最多访问 ${recordingMaxGotos()} 个网址`);
      const response = await s.page.goto(input.url, { waitUntil: 'load', timeout: 30_000 }).catch((err: Error) => {
        throw new EgressRefused(err.message.split('\n')[0]);
      });
      if (response?.headers()[REFUSED_HEADER]) throw new EgressRefused('refused by the egress proxy');
      log(input.url);
    } else if (input.type === 'back') {
      await s.page.goBack({ timeout: 15_000 });
      log(s.page.url());
    }
  } catch (err) {
    // A navigation's failure is one message whatever happened (refused, closed or open port); the cause is in the server log.
    if (err instanceof EgressRefused) {
      log(`${input.type === 'goto' ? input.url : ''} ${EGRESS_UNREACHABLE}`.trim(), false);
      throw new AppError(422, EGRESS_UNREACHABLE);
    }
    log((err as Error).message.split('\n')[0], false);
    if (err instanceof AppError) throw err;
    throw new AppError(422, `操作未完成：${(err as Error).message.split('\n')[0]}`);
  }
}

/**
 * Stops a session (the user, or the time limit): the final page's screenshot, PDF and DOM, the
 * HAR/WARC, the frames, the action and network logs are stored, and the finishing job is queued.
 */
export async function stopRecording(
  db: Db,
  storage: ObjectStore,
  userId: number,
  id: number,
  reason: 'user' | 'time_limit' = 'user',
): Promise<void> {
  const s = sessions.get(id);
  if (!s || s.userId !== userId) throw new AppError(404, '录屏会话不存在或已结束');
  if (s.stopping) return s.stopping;
  s.stopping = (async () => {
    // The video lasts until now: the screen showed its last frame until the user pressed stop.
    const stoppedAt = Date.now();
    clearTimeout(s.timer);
    s.actions.push({
      at: nowIso(),
      type: 'stop',
      detail: reason === 'time_limit' ? '达到录制时限' : '用户停止录制',
      ok: true,
    });
    await s.cdp.send('Page.stopScreencast').catch(() => {});
    const files: CaptureFile[] = [];
    try {
      files.push({
        name: 'page-1/screenshot.png',
        data: await s.page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
      files.push({
        name: 'page-1/page.pdf',
        data: await s.page.pdf({ printBackground: true }),
        contentType: 'application/pdf',
      });
      files.push({
        name: 'page-1/dom.html',
        data: Buffer.from(await s.page.content(), 'utf8'),
        contentType: 'text/html; charset=utf-8',
      });
    } catch (err) {
      s.actions.push({ at: nowIso(), type: 'snapshot', detail: (err as Error).message.split('\n')[0], ok: false });
    }
    const finalUrl = s.page.url();
    const version = s.browser.version();
    await s.context.close().catch(() => {});
    await s.browser.close().catch(() => {});
    await s.proxy.close().catch(() => {});
    sessions.delete(id);
    const har = JSON.parse(await fs.promises.readFile(s.harPath, 'utf8').catch(() => '{"log":{"entries":[]}}'));
    const entries: HarEntry[] = har.log?.entries ?? [];
    const software = `Lumen screen recording (playwright-core, Chromium ${version})`;
    const warc = warcFromHar(entries, {
      software,
      format: 'WARC File Format 1.1',
      'http-header-user-agent': s.userAgent,
    });
    files.push({
      name: 'archive.wacz',
      data: wacz(warc, [{ url: finalUrl, ts: nowIso() }], {
        title: `录屏取证 ${finalUrl}`,
        software,
        created: nowIso(),
      }),
      contentType: 'application/wacz',
    });
    files.push({
      name: 'archive.har',
      data: Buffer.from(JSON.stringify(har), 'utf8'),
      contentType: 'application/json',
    });
    files.push({
      name: 'actions.json',
      data: Buffer.from(JSON.stringify(s.actions, null, 2), 'utf8'),
      contentType: 'application/json',
    });
    files.push({
      name: 'network.json',
      data: Buffer.from(JSON.stringify({ responses: s.network }, null, 2), 'utf8'),
      contentType: 'application/json',
    });
    // From the start, not the first frame: under load the first paint came over a second later, and a
    // video that began there was shorter than the session it records (framesToWebm fills the gap blank).
    const t0 = s.recordingFrom || (s.frames[0]?.at ?? stoppedAt);
    const endMs = Math.max(0, stoppedAt - t0);
    files.push({
      name: 'frames.zip',
      data: zipStore(
        s.frames.map((f, i) => ({ name: `${String(i).padStart(6, '0')}-${Math.max(0, f.at - t0)}.jpg`, data: f.data })),
      ),
      contentType: 'application/zip',
    });
    files.push({
      name: 'provenance.json',
      data: Buffer.from(
        JSON.stringify(
          {
            format: 'lumen.capture-provenance/v1',
            kind: 'screen-recording',
            serverTime: { started: s.startedAt.toISOString(), finished: nowIso() },
            stopReason: reason,
            limitSeconds: recordingLimitS(),
            browser: {
              name: 'Chromium',
              version,
              executable: chromiumPath(),
              userAgent: s.userAgent,
              headless: true,
              freshContext: true,
              viewport: VIEWPORT,
            },
            helpers: await helperBinaries(['/usr/bin/ffmpeg']),
            host: {
              hostname: os.hostname(),
              platform: `${os.type()} ${os.release()} ${os.arch()}`,
              node: process.version,
            },
            frames: s.frames.length,
            // Milliseconds from the start of the recording to the stop: the recording's length.
            durationMs: endMs,
            finalUrl,
          },
          null,
          2,
        ),
        'utf8',
      ),
      contentType: 'application/json',
    });
    const staged = [];
    for (const f of files) {
      const key = `captures/${id}/${f.name}`;
      await storage.put(key, f.data, { contentType: f.contentType });
      staged.push({ name: f.name, key, contentType: f.contentType });
    }
    await fs.promises.rm(s.tmp, { recursive: true, force: true }).catch(() => {});
    const job = await enqueue(
      db,
      SCREEN_FINISH_TASK,
      { captureId: id, files: staged, finalUrl, endMs },
      { ownerId: userId, dedupeKey: `screen:${id}` },
    );
    await wc.setCaptureJob(db, id, job.id);
  })();
  return s.stopping;
}

const INTERRUPTED = '录屏因服务重启而中断，未生成证据；本次取证次数已退回';

/** Fails one interrupted recording and gives its unit back, once (the state move decides). */
async function failInterrupted(db: Db, id: number, userId: number): Promise<boolean> {
  return db.tx(async (t) => {
    if (!(await wc.moveCapture(t, id, [wc.CAPTURE.RUNNING], wc.CAPTURE.FAILED, { error: INTERRUPTED }))) return false;
    await releaseQuota(t, { userId, service: 'screen_recording', ref: screenRef(id) });
    return true;
  });
}

/**
 * Recordings whose session died with its process (crash, kill -9, restart) would stay 录制中 and
 * keep their unit: fail them and give the unit back once they are older than any live session can
 * be (the time limit plus a minute). Safe with several app servers: a live one is never that old,
 * and each row moves once.
 */
export async function failAbandonedRecordings(db: Db): Promise<number> {
  let n = 0;
  for (const r of await wc.abandonedRecordings(db, recordingLimitS() + 60)) {
    if (!sessions.has(r.id) && (await failInterrupted(db, r.id, r.userId))) n++;
  }
  return n;
}

/** App shutdown: closes every live session's browser and fails its recording, unit given back. */
export async function closeAllSessions(db?: Db): Promise<void> {
  const live = [...sessions.values()].filter((s) => !s.stopping);
  await Promise.all(
    [...sessions.values()].map(async (s) => {
      clearTimeout(s.timer);
      await s.browser.close().catch(() => {});
      await s.proxy.close().catch(() => {});
    }),
  );
  sessions.clear();
  if (db) for (const s of live) await failInterrupted(db, s.id, s.userId).catch(() => false);
}
