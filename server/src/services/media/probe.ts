import { ffmpegBin, ffprobeBin, INPUT_GUARD, run } from './binaries.js';
import { MAX_VIDEO_SIDE, MSG_VIDEO_TOO_LARGE } from '../../security/media-limits.js';

/** What the creator reads when ffprobe cannot read the file as MP4/MOV (ffmpeg's own words go to the log). */
export const MSG_NOT_A_VIDEO = '无法识别的视频文件，请上传 MP4/MOV 格式的视频';

export interface VideoMeta {
  durationSec: number;
  width: number;
  height: number;
  fps: number;
  codec: string;
  /** Bits per second of the whole file. */
  bitrate: number;
  sizeBytes: number;
  format: string;
}

function rate(r: string | undefined): number {
  if (!r) return 0;
  const [a, b] = r.split('/').map(Number);
  return b ? a / b : a || 0;
}

/**
 * Video metadata from ffprobe, or from `ffmpeg -i` output where ffprobe is not installed. Reads
 * headers only; a frame larger than MAX_VIDEO_SIDE is refused here, before anything decodes it.
 */
export async function probeVideo(file: string, signal?: AbortSignal): Promise<VideoMeta> {
  const meta = await probeHeaders(file, signal);
  if (!(meta.width > 0 && meta.height > 0)) throw new Error(MSG_NOT_A_VIDEO);
  if (meta.width > MAX_VIDEO_SIDE || meta.height > MAX_VIDEO_SIDE) throw new Error(MSG_VIDEO_TOO_LARGE);
  return meta;
}

async function probeHeaders(file: string, signal?: AbortSignal): Promise<VideoMeta> {
  const probe = ffprobeBin();
  if (!probe) return probeWithFfmpeg(file, signal);
  const { stdout } = await run(
    probe,
    ['-v', 'error', ...INPUT_GUARD, '-print_format', 'json', '-show_format', '-show_streams', file],
    signal,
  ).catch((e: Error) => {
    if (signal?.aborted) throw e;
    throw new Error(MSG_NOT_A_VIDEO, { cause: e });
  });
  const j = JSON.parse(stdout) as { format?: Record<string, string>; streams?: Array<Record<string, string | number>> };
  const v = j.streams?.find((s) => s.codec_type === 'video');
  if (!v || !j.format) throw new Error('文件中没有视频流');
  return {
    durationSec: Math.round(Number(j.format.duration ?? v.duration ?? 0) * 1000) / 1000,
    width: Number(v.width),
    height: Number(v.height),
    fps:
      Math.round(rate(String(v.avg_frame_rate ?? '')) * 1000) / 1000 ||
      Math.round(rate(String(v.r_frame_rate)) * 1000) / 1000,
    codec: String(v.codec_name),
    bitrate: Number(j.format.bit_rate ?? 0),
    sizeBytes: Number(j.format.size ?? 0),
    format: String(j.format.format_name ?? '')
      .split(',')[0]
      .toUpperCase(),
  };
}

async function probeWithFfmpeg(file: string, signal?: AbortSignal): Promise<VideoMeta> {
  // `ffmpeg -i` with no output exits 1 and prints the stream table on stderr.
  const text = await run(await ffmpegBin(), ['-hide_banner', ...INPUT_GUARD, '-i', file], signal).then(
    (r) => r.stderr,
    (e: Error) => e.message,
  );
  const full = await run(
    await ffmpegBin(),
    ['-hide_banner', ...INPUT_GUARD, '-i', file, '-f', 'null', '-t', '0', '-'],
    signal,
  ).then(
    (r) => r.stderr,
    () => text,
  );
  const d = /Duration: (\d+):(\d+):([\d.]+)/.exec(full);
  const v = /Video: (\w+).*?, (\d+)x(\d+).*?, ([\d.]+) fps/.exec(full);
  const br = /bitrate: (\d+) kb\/s/.exec(full);
  if (!d || !v) throw new Error(MSG_NOT_A_VIDEO);
  return {
    durationSec: Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]),
    width: Number(v[2]),
    height: Number(v[3]),
    fps: Number(v[4]),
    codec: v[1],
    bitrate: br ? Number(br[1]) * 1000 : 0,
    sizeBytes: 0,
    format: '',
  };
}
