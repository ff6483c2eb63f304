/** The copy transformations monitoring is tested against (server/src/services/monitor/transforms.ts), in words. */
export const TRANSFORM_NAMES = ['缩放', '重新压缩', '调色', '镜像', '加边框', '加水印', '叠加文字', '截取视频片段'];
