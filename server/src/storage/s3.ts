import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ConfigError, type S3Settings } from '../config.js';
import { contentDisposition } from '../http/content-disposition.js';
import { contentTypeOf } from './content-type.js';
import {
  assertKey,
  assertPrefix,
  generateKey,
  ObjectNotFoundError,
  type DownloadOptions,
  type ObjectStore,
  type PutOptions,
  type StoredObject,
} from './types.js';

/** Multipart part size: S3 allows 10,000 parts, so large known sizes get larger parts. */
const MIN_PART = 8 * 1024 * 1024;
const partSizeFor = (size?: number) => Math.max(MIN_PART, size ? Math.ceil(size / 9_000) : 0);
const DEFAULT_URL_SECONDS = 300;

function clientConfig(s: S3Settings, endpoint: string | undefined): S3ClientConfig {
  return {
    endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials:
      s.accessKeyId && s.secretAccessKey
        ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
        : undefined,
    // The SDK's default CRC32 trailers (aws-chunked bodies) are refused or mishandled by several
    // S3-compatible services (Aliyun OSS, Tencent COS, older MinIO and Ceph): checksum only where the API requires it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

const isNotFound = (e: any) =>
  e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;

/** The store on any S3-compatible service (AWS S3, Aliyun OSS, Tencent COS, MinIO, Ceph RGW); the bucket stays private. */
export class S3Storage implements ObjectStore {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly presigner: S3Client;
  readonly bucket: string;

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client(clientConfig(settings, settings.endpoint));
    // Presigning is local computation: a second client only changes the host written into the URL.
    this.presigner = settings.publicEndpoint
      ? new S3Client(clientConfig(settings, settings.publicEndpoint))
      : this.client;
  }

  /** Fails fast at boot with the reason when the bucket cannot be reached with these settings. */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (e: any) {
      const status = e?.$metadata?.httpStatusCode;
      throw new ConfigError(
        `S3 bucket "${this.bucket}" is not reachable (${status ? `HTTP ${status}` : (e?.message ?? e)}); check S3_ENDPOINT, S3_BUCKET, S3_REGION and the keys`,
      );
    }
  }

  newKey(group: string, ext: string): string {
    return generateKey(group, ext);
  }

  async put(key: string, data: Buffer | Uint8Array, opts: PutOptions = {}): Promise<string> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertKey(key),
        Body: data,
        ContentLength: data.byteLength,
        ContentType: opts.contentType ?? contentTypeOf(key),
        Metadata: opts.sha256 ? { sha256: opts.sha256 } : undefined,
      }),
    );
    return key;
  }

  /** Small bodies go up in one PUT, larger ones as a multipart upload; at most 2 parts are held in memory. */
  async putStream(key: string, body: Readable, opts: PutOptions & { size?: number } = {}): Promise<string> {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: assertKey(key),
        Body: body,
        ContentType: opts.contentType ?? contentTypeOf(key),
        Metadata: opts.sha256 ? { sha256: opts.sha256 } : undefined,
      },
      partSize: partSizeFor(opts.size),
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    return key;
  }

  async get(key: string): Promise<Buffer> {
    try {
      const r = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return Buffer.from(await r.Body!.transformToByteArray());
    } catch (e) {
      throw isNotFound(e) ? new ObjectNotFoundError(key) : e;
    }
  }

  async stream(key: string, range?: { start: number; end: number }): Promise<Readable> {
    try {
      const r = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: assertKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return r.Body as Readable;
    } catch (e) {
      throw isNotFound(e) ? new ObjectNotFoundError(key) : e;
    }
  }

  async stat(key: string): Promise<StoredObject | null> {
    try {
      const h = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return {
        size: Number(h.ContentLength ?? 0),
        contentType: h.ContentType,
        sha256: h.Metadata?.sha256,
        etag: h.ETag,
      };
    } catch (e) {
      if (isNotFound(e)) return null;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
  }

  async list(prefix: string): Promise<string[]> {
    const out: string[] = [];
    let token: string | undefined;
    do {
      const r = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: assertPrefix(prefix), ContinuationToken: token }),
      );
      for (const o of r.Contents ?? []) if (o.Key) out.push(o.Key);
      token = r.IsTruncated ? r.NextContinuationToken : undefined;
    } while (token);
    return out.sort();
  }

  /** A presigned GET whose response carries the download's file name and type (the browser never sees the bucket's own headers). */
  async downloadUrl(key: string, opts: DownloadOptions): Promise<string> {
    const cmd = new GetObjectCommand({
      Bucket: this.bucket,
      Key: assertKey(key),
      ResponseContentDisposition: contentDisposition(opts.filename),
      ResponseContentType: opts.contentType ?? 'application/octet-stream',
      ResponseCacheControl: 'private, no-store',
    });
    return getSignedUrl(this.presigner, cmd, { expiresIn: opts.expiresInSeconds ?? DEFAULT_URL_SECONDS });
  }

  /** Closes the SDK's connection pool (tests, CLI). */
  destroy(): void {
    this.client.destroy();
    if (this.presigner !== this.client) this.presigner.destroy();
  }
}
