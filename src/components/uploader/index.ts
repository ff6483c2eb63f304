/** The shared chunked uploader (simple-uploader.js protocol, server at /api/upload). */
export { ChunkUploader, MSG_NO_FILE_API, type ChunkUploaderProps } from './ChunkUploader';
export { UploadQueue, overallOf, type UploadRow, type FileState } from './upload-queue';
export type { UploadStatus } from './upload-api';
