/** The parts of simple-uploader.js 0.6 this project uses (the package ships no types). */
declare module 'simple-uploader.js' {
  export type ChunkStatus =
    'pending' | 'uploading' | 'reading' | 'success' | 'error' | 'complete' | 'progress' | 'retry';

  export interface UploaderChunk {
    offset: number;
    retries: number;
    xhr: XMLHttpRequest | null;
    status(isTest?: boolean): ChunkStatus;
  }

  export interface UploaderFile {
    id: number;
    name: string;
    size: number;
    file: File;
    uniqueIdentifier: string;
    paused: boolean;
    error: boolean;
    completed: boolean;
    averageSpeed: number;
    currentSpeed: number;
    chunks: UploaderChunk[];
    progress(): number;
    sizeUploaded(): number;
    timeRemaining(): number;
    isComplete(): boolean;
    isUploading(): boolean;
    pause(): void;
    resume(): void;
    retry(file?: UploaderFile): void;
    cancel(): void;
    bootstrap(): void;
  }

  export interface UploaderOptions {
    target: string | ((file: UploaderFile, chunk: UploaderChunk, isTest: boolean) => string);
    chunkSize?: number;
    forceChunkSize?: boolean;
    simultaneousUploads?: number;
    fileParameterName?: string;
    progressCallbacksInterval?: number;
    speedSmoothingFactor?: number;
    headers?:
      Record<string, string> | ((file: UploaderFile, chunk: UploaderChunk, isTest: boolean) => Record<string, string>);
    testChunks?: boolean;
    maxChunkRetries?: number;
    chunkRetryInterval?: number | null;
    permanentErrors?: number[];
    successStatuses?: number[];
    allowDuplicateUploads?: boolean;
    generateUniqueIdentifier?: (file: File) => string;
    checkChunkUploadedByResponse?: (chunk: UploaderChunk, message: string) => boolean;
    initialPaused?: boolean;
  }

  export default class Uploader {
    constructor(opts: UploaderOptions);
    static utils: unknown;
    support: boolean;
    opts: Required<UploaderOptions>;
    files: UploaderFile[];
    fileList: UploaderFile[];
    addFile(file: File, evt?: Event): void;
    addFiles(files: File[] | FileList, evt?: Event): void;
    removeFile(file: UploaderFile): void;
    upload(): void;
    pause(): void;
    resume(): void;
    cancel(): void;
    progress(): number;
    isUploading(): boolean;
    getSize(): number;
    sizeUploaded(): number;
    timeRemaining(): number;
    assignBrowse(
      nodes: Element | Element[],
      isDirectory?: boolean,
      singleFile?: boolean,
      attributes?: Record<string, string>,
    ): void;
    assignDrop(nodes: Element | Element[]): void;
    unAssignDrop(nodes: Element | Element[]): void;
    on(event: string, fn: (...args: any[]) => unknown): void;
    off(event?: string, fn?: (...args: any[]) => unknown): void;
  }
}
