/**
 * Decode limits of every server-side image and video decode (upload checks and the media
 * pipeline): a small file may declare a huge picture (a decompression bomb), so dimensions are
 * read from the header and refused before anything is decoded.
 */
export const MAX_IMAGE_PIXELS = 150_000_000;
/** Largest video frame side the pipeline decodes (8K is 7680 wide). */
export const MAX_VIDEO_SIDE = 8192;

export const MSG_IMAGE_TOO_MANY_PIXELS = '图片像素过大（超过1.5亿像素），请缩小尺寸后重新上传';
export const MSG_VIDEO_TOO_LARGE = `视频画面尺寸过大（超过${MAX_VIDEO_SIDE}x${MAX_VIDEO_SIDE}），请转码后重新上传`;

/**
 * Input options of every ffmpeg/ffprobe run on a user's file: only local files are opened (no
 * http, no other protocol a playlist names) and only the demuxers given may read it, so an HLS
 * or ffconcat playlist disguised as a video is never parsed, let alone followed.
 */
export const ffmpegInputGuard = (formats: string) => ['-protocol_whitelist', 'file', '-format_whitelist', formats];
