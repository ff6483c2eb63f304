import Uploader, { type ChunkStatus, type UploaderChunk, type UploaderFile } from 'simple-uploader.js';
import { checkFileMeta, countMessage, type UploadRule } from '../../schemas/file-rules';
import { readFileMeta } from '../../schemas/file-meta';
import { hashFile, hashRange } from './sha256';
import { cancelUpload, getUpload, initUpload, proveUpload, type UploadStatus } from './upload-api';
import { failureMessage, uploaderOptions, UPLOADER_DEFAULTS } from './uploader-options';

/** File states of spec §4 (lumen:status/uploader-file). */
export type FileState = 'waiting' | 'uploading' | 'paused' | 'success' | 'error';

/** One file in the list, as the UI shows it. */
export interface UploadRow {
  key: string;
  name: string;
  size: number;
  state: FileState;
  /** What a waiting file is doing before its chunks go ('正在计算文件指纹 40%'), or the merge step. */
  phase: string | null;
  progress: number;
  /** Bytes per second (smoothed), 0 when idle. */
  speed: number;
  /** Seconds left; Infinity while unknown. */
  timeLeft: number;
  /** How many chunks are in each chunk state (spec §4 chunk states). */
  chunks: Partial<Record<ChunkStatus, number>>;
  retries: number;
  error: string | null;
  /** False when the file itself breaks the rule: trying again cannot help. */
  retryable: boolean;
  uploadId: string | null;
  /** Completed without sending chunks: the server already had the file (秒传). */
  instant: boolean;
  result: UploadStatus | null;
}

/** Files above this size start uploading without the fingerprint (no instant upload): hashing a huge file first costs more than it saves. */
export const INSTANT_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
const POLL_MS = 1000;
/** Ten minutes of polling an assembly before giving up (a 2 GB video is checked in well under that). */
const MAX_POLLS = 600;

export interface QueueOptions {
  /** Material type code (lumen:enums/material-type) the server checks against. */
  workType: number;
  /** The current upload rule of that type (lumen:rules/material), read when each file is added. */
  rule: () => UploadRule | undefined;
  /** Called when a call answers 401 (the login dialog). */
  onLoginNeeded?: () => void;
}

/**
 * The uploader's model: wraps one simple-uploader.js instance, runs each file through the checks
 * before its chunks (rule in the browser, fingerprint, server-issued id, instant upload) and keeps
 * an immutable list of rows for React (subscribe/getSnapshot, useSyncExternalStore).
 */
export class UploadQueue {
  readonly uploader: Uploader;
  readonly support: boolean;
  private rows: UploadRow[] = [];
  private listeners = new Set<() => void>();
  private ids = new WeakMap<File, string>();
  private keyOfFile = new Map<number, string>();
  private natives = new Map<string, File>();
  private seq = 0;
  private detached = false;

  constructor(private opts: QueueOptions) {
    // Files not yet registered get a throwaway identifier; the real one is the server's id.
    this.uploader = new Uploader(uploaderOptions((f) => this.ids.get(f) ?? `local-${++this.seq}`));
    this.support = !!this.uploader.support;
    if (!this.support) return;
    this.uploader.on('fileAdded', (f: UploaderFile) => {
      if (this.ids.has(f.file)) return true;
      this.enqueue(f.file);
      return false;
    });
    this.uploader.on('filesSubmitted', () => this.uploader.upload());
    this.uploader.on('fileProgress', (_root: UploaderFile, f: UploaderFile) => this.refresh(f));
    this.uploader.on('fileRetry', (_root: UploaderFile, f: UploaderFile) => {
      const key = this.keyOfFile.get(f.id);
      if (key) this.patch(key, { retries: (this.row(key)?.retries ?? 0) + 1 });
      this.refresh(f);
    });
    this.uploader.on(
      'fileSuccess',
      (_root: UploaderFile, f: UploaderFile, message: string) => void this.finish(f, message),
    );
    this.uploader.on('fileError', (_root: UploaderFile, f: UploaderFile, message: string, chunk?: UploaderChunk) => {
      const status = chunk?.xhr?.status;
      if (status === 401) this.opts.onLoginNeeded?.();
      this.refresh(f, { state: 'error', error: failureMessage(message, status), speed: 0, timeLeft: 0 });
    });
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  getSnapshot = (): UploadRow[] => this.rows;

  /** Adds files picked or dropped outside simple-uploader's own browse/drop nodes. */
  addFiles(files: File[]): void {
    files.forEach((f) => this.enqueue(f));
  }

  private row(key: string) {
    return this.rows.find((r) => r.key === key);
  }

  private patch(key: string, change: Partial<UploadRow>): void {
    if (!this.row(key)) return;
    this.rows = this.rows.map((r) => (r.key === key ? { ...r, ...change } : r));
    this.listeners.forEach((l) => l());
  }

  private fileOf(key: string): UploaderFile | undefined {
    return this.uploader.files?.find((f) => this.keyOfFile.get(f.id) === key);
  }

  /** Re-reads a file's progress, speed and chunk states from the uploader. */
  private refresh(f: UploaderFile, extra: Partial<UploadRow> = {}): void {
    const key = this.keyOfFile.get(f.id);
    if (!key) return;
    const chunks: Partial<Record<ChunkStatus, number>> = {};
    for (const c of f.chunks) {
      const s = c.status();
      chunks[s] = (chunks[s] ?? 0) + 1;
    }
    const state: FileState = f.error
      ? 'error'
      : f.paused
        ? 'paused'
        : f.isUploading()
          ? 'uploading'
          : this.row(key)?.state === 'success'
            ? 'success'
            : f.isComplete()
              ? 'uploading'
              : 'waiting';
    this.patch(key, {
      state,
      progress: f.progress(),
      speed: f.averageSpeed,
      timeLeft: f.timeRemaining(),
      chunks,
      ...extra,
    });
  }

  private enqueue(file: File): void {
    const key = `f${++this.seq}`;
    this.natives.set(key, file);
    this.rows = [
      ...this.rows,
      {
        key,
        name: file.name,
        size: file.size,
        state: 'waiting',
        phase: '正在检查文件',
        progress: 0,
        speed: 0,
        timeLeft: Infinity,
        chunks: {},
        retries: 0,
        error: null,
        retryable: true,
        uploadId: null,
        instant: false,
        result: null,
      },
    ];
    this.listeners.forEach((l) => l());
    void this.prepare(key, file);
  }

  /** Browser-side rule check, fingerprint, registration (and possession proof), then the chunks. */
  private async prepare(key: string, file: File): Promise<void> {
    const fail = (error: string, retryable = true) =>
      this.patch(key, { state: 'error', phase: null, error, retryable });
    try {
      const rule = this.opts.rule();
      if (!rule) return fail('该素材类型暂不支持上传', false);
      const active = this.rows.filter((r) => r.state !== 'error' && r.state !== 'success').length;
      // The same file picked twice on one page would send its chunks twice into one resumed upload.
      const twin = this.rows.find((r) => {
        const other = this.natives.get(r.key);
        return (
          r.key !== key &&
          r.state !== 'error' &&
          r.state !== 'success' &&
          other?.name === file.name &&
          other.size === file.size &&
          other.lastModified === file.lastModified
        );
      });
      if (twin) return fail('该文件已在上传列表中', false);
      if (active > rule.maxCount) return fail(countMessage(rule));
      const refusal = checkFileMeta(rule, await readFileMeta(file));
      if (refusal) return fail(refusal, false);

      let sha256: string | undefined;
      if (file.size <= INSTANT_UPLOAD_MAX_BYTES) {
        sha256 = await hashFile(file, (p) => this.patch(key, { phase: `正在计算文件指纹 ${Math.floor(p * 100)}%` }));
      }
      this.patch(key, { phase: '正在登记上传' });
      let status = await initUpload({
        name: file.name,
        size: file.size,
        type: file.type || undefined,
        sha256,
        lastModified: file.lastModified,
        workType: this.opts.workType,
        chunkSize: UPLOADER_DEFAULTS.chunkSize,
      });
      if (status.proof) {
        this.patch(key, { phase: '正在校验文件' });
        status = await proveUpload(status.id, await hashRange(file, status.proof.offset, status.proof.length));
      }
      if (!this.row(key) || this.detached) return; // cancelled or left meanwhile
      this.patch(key, { uploadId: status.id });
      if (status.state === 'complete') {
        this.patch(key, { state: 'success', phase: null, progress: 1, instant: true, result: status, timeLeft: 0 });
        return;
      }
      this.ids.set(file, status.id);
      this.uploader.addFile(file);
      const added = this.uploader.files.find((f) => f.file === file);
      if (added) {
        this.keyOfFile.set(added.id, key);
        this.refresh(added, { phase: null });
      }
    } catch (e) {
      fail(e instanceof Error ? e.message : '网络错误 请稍后再试');
    }
  }

  /** Every chunk acknowledged: the server has assembled (or is assembling) the file. */
  private async finish(f: UploaderFile, message: string): Promise<void> {
    const key = this.keyOfFile.get(f.id);
    if (!key) return;
    const id = f.uniqueIdentifier;
    let status: UploadStatus | null = null;
    try {
      status = JSON.parse(message)?.data ?? null;
    } catch {
      /* read it below */
    }
    // Only a finished answer is final: a chunk answer's list may predate its siblings' commits.
    if (status?.state !== 'complete' && status?.state !== 'failed') status = null;
    try {
      for (let polls = 0; !status || status.state === 'assembling' || status.state === 'receiving'; polls++) {
        // Every chunk looked acknowledged but the server misses some: retrying sends just those.
        if (status?.state === 'receiving' && status.uploaded.length < status.totalChunks) {
          return this.patch(key, { state: 'error', phase: null, error: '部分分片未送达，请重试' });
        }
        if (polls > MAX_POLLS)
          return this.patch(key, { state: 'error', phase: null, error: '服务器处理超时，请稍后重试' });
        this.patch(key, { phase: '正在合并校验', state: 'uploading', progress: 1 });
        if (status) await new Promise((r) => setTimeout(r, POLL_MS));
        status = await getUpload(id);
      }
    } catch (e) {
      return this.patch(key, {
        state: 'error',
        phase: null,
        error: e instanceof Error ? e.message : '网络错误 请稍后再试',
      });
    }
    if (status.state === 'complete')
      this.patch(key, { state: 'success', phase: null, progress: 1, speed: 0, timeLeft: 0, result: status });
    else this.patch(key, { state: 'error', phase: null, error: status.error ?? '上传已过期或已取消，请重新上传' });
  }

  pause(key: string): void {
    const f = this.fileOf(key);
    if (!f) return;
    f.pause();
    this.refresh(f, { state: 'paused', speed: 0 });
  }

  resume(key: string): void {
    const f = this.fileOf(key);
    if (!f) return;
    f.resume();
    this.refresh(f);
  }

  /** Retries a failed file: resumes the same upload while the server still receives it, else starts over. */
  async retry(key: string): Promise<void> {
    const row = this.row(key);
    const native = this.natives.get(key);
    if (!row || !native) return;
    const f = this.fileOf(key);
    const live = row.uploadId ? await getUpload(row.uploadId).catch(() => null) : null;
    if (f && live?.state === 'receiving') {
      this.patch(key, { error: null, state: 'waiting' });
      f.retry();
      return;
    }
    if (f) this.uploader.removeFile(f);
    this.ids.delete(native);
    this.patch(key, {
      state: 'waiting',
      phase: '正在检查文件',
      error: null,
      progress: 0,
      retries: 0,
      chunks: {},
      uploadId: null,
    });
    void this.prepare(key, native);
  }

  /** Stops and forgets a file; an unfinished upload is cancelled on the server (its chunks deleted). */
  cancel(key: string): void {
    const row = this.row(key);
    const f = this.fileOf(key);
    if (f) this.uploader.removeFile(f);
    if (row?.uploadId && row.state !== 'success') void cancelUpload(row.uploadId).catch(() => undefined);
    this.natives.delete(key);
    this.rows = this.rows.filter((r) => r.key !== key);
    this.listeners.forEach((l) => l());
  }

  /** The list is shown (again; React's StrictMode unmounts and remounts once): files may go on. */
  attach(): void {
    this.detached = false;
  }

  /** The page is left: stop sending (the server keeps the chunks for a later resume). */
  detach(): void {
    this.detached = true;
    if (this.support) this.uploader.files.forEach((f) => f.pause());
  }

  pauseAll(): void {
    this.rows.filter((r) => r.state === 'uploading' || r.state === 'waiting').forEach((r) => this.pause(r.key));
  }

  resumeAll(): void {
    this.rows.filter((r) => r.state === 'paused').forEach((r) => this.resume(r.key));
  }

  cancelAll(): void {
    this.rows.filter((r) => r.state !== 'success').forEach((r) => this.cancel(r.key));
  }
}

/** Progress of the whole list (failed files left out): bytes done over bytes, summed speed, time left at that speed. */
export function overallOf(rows: UploadRow[]): {
  progress: number;
  speed: number;
  timeLeft: number;
  done: number;
  total: number;
  uploading: boolean;
} {
  const live = rows.filter((r) => r.state !== 'error');
  const size = live.reduce((s, r) => s + r.size, 0);
  const doneBytes = live.reduce((s, r) => s + r.size * (r.state === 'success' ? 1 : r.progress), 0);
  const speed = rows.filter((r) => r.state === 'uploading').reduce((s, r) => s + r.speed, 0);
  const left = size - doneBytes;
  return {
    progress: size ? doneBytes / size : 0,
    speed,
    timeLeft: left <= 0 ? 0 : speed > 0 ? left / speed : Infinity,
    done: rows.filter((r) => r.state === 'success').length,
    total: rows.length,
    uploading: rows.some((r) => r.state === 'uploading'),
  };
}
