import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { ffmpegInputGuard } from '../../security/media-limits.js';

/**
 * ffmpeg/ffprobe are spawned directly (fluent-ffmpeg is deprecated). The system binaries (Debian's
 * `ffmpeg` package) are preferred: they include ffprobe and drawtext with fontconfig. Without them
 * the ffmpeg shipped by @ffmpeg-installer is used and probing falls back to parsing `ffmpeg -i`.
 */
const SYSTEM_FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
const SYSTEM_FFPROBE = process.env.FFPROBE_PATH ?? '/usr/bin/ffprobe';

export async function ffmpegBin(): Promise<string> {
  if (fs.existsSync(SYSTEM_FFMPEG)) return SYSTEM_FFMPEG;
  return (await import('@ffmpeg-installer/ffmpeg')).default.path;
}

export function ffprobeBin(): string | null {
  return fs.existsSync(SYSTEM_FFPROBE) ? SYSTEM_FFPROBE : null;
}

/**
 * Input options of every ffmpeg/ffprobe run on an original: local file only, MP4/MOV demuxer only
 * (the material rule's containers), so a playlist (HLS, ffconcat) stored as a "video" is refused
 * instead of parsed and followed to other files or URLs.
 */
export const INPUT_GUARD = ffmpegInputGuard('mov');

/**
 * Runs a binary; rejects with its stderr tail (the failure reason shown to the creator).
 * `background`: at a lower CPU priority (nice 10), for work nobody is waiting on (the demo media),
 * so it yields to the server's requests and to npm start's client build.
 */
export function run(
  bin: string,
  args: string[],
  signal?: AbortSignal,
  { background = false }: { background?: boolean } = {},
): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = execFile(bin, args, { signal, maxBuffer: 32 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) {
        const tail = String(stderr).trim().split('\n').slice(-3).join(' ');
        reject(new Error(tail || err.message));
      } else resolve({ stdout: String(stdout), stderr: String(stderr) });
    });
    if (background && child.pid) {
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // Not permitted here: it runs at the normal priority.
      }
    }
  });
}
