import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';

/**
 * Where uploaded statement files live. A stored file is never changed: put() refuses an existing key. Two
 * implementations: a local folder (one machine) and an S3-compatible bucket (more than one machine).
 */
export interface FileStore {
  put(key: string, buffer: Buffer): Promise<void>;
  /** The stored bytes; any failure, a missing file included, is FileStoreUnavailableError (the API's 502). */
  get(key: string): Promise<Buffer>;
  exists(key: string): Promise<boolean>;
  close(): Promise<void>;
}

/** The store cannot be reached or read, or the file is not in it: the caller answers 502 and changes nothing. */
export class FileStoreUnavailableError extends Error {
  override readonly name = 'FileStoreUnavailableError';
  readonly code = 'FILE_STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** put() on a key that already holds a file: stored files are immutable. */
export class FileAlreadyStoredError extends Error {
  override readonly name = 'FileAlreadyStoredError';
  constructor(readonly key: string) {
    super(`a file is already stored under "${key}"; stored files are never overwritten`);
  }
}

// Segments of letters, digits, dot, dash and underscore that start with a letter or digit: no "..", no
// hidden names (the local store's temporary files start with a dot), nothing a shell or S3 treats specially.
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}(?:\/[A-Za-z0-9][A-Za-z0-9._-]{0,127}){0,7}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) {
    throw new TypeError(`unsafe file key "${key}": use 1-8 segments of [A-Za-z0-9._-], each starting with a letter or digit`);
  }
}

/** The key of a statement's file: the uploader's file name never becomes part of a path. */
export function statementFileKey(organizationId: string, statementId: string): string {
  const key = `${organizationId}/${statementId}`;
  assertSafeKey(key);
  return key;
}

export class LocalFileStore implements FileStore {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  pathOf(key: string): string {
    assertSafeKey(key);
    return join(this.root, ...key.split('/'));
  }

  async put(key: string, buffer: Buffer): Promise<void> {
    const path = this.pathOf(key);
    const temporary = join(dirname(path), `.${randomBytes(8).toString('hex')}.tmp`);
    try {
      await mkdir(dirname(path), { recursive: true });
      const handle = await open(temporary, 'wx');
      try {
        await handle.writeFile(buffer);
        await handle.sync();
      } finally {
        await handle.close();
      }
      // link() publishes the complete file atomically and fails if the name exists: never a partial or replaced file.
      await link(temporary, path);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw new FileAlreadyStoredError(key);
      throw new FileStoreUnavailableError(`the file store cannot write "${key}": ${(err as Error).message}`, { cause: err });
    } finally {
      await unlink(temporary).catch(() => undefined);
    }
  }

  async get(key: string): Promise<Buffer> {
    const path = this.pathOf(key);
    try {
      return await readFile(path);
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'it is not in the store' : (err as Error).message;
      throw new FileStoreUnavailableError(`the stored file "${key}" cannot be read: ${reason}`, { cause: err });
    }
  }

  async exists(key: string): Promise<boolean> {
    const path = this.pathOf(key);
    try {
      return (await stat(path)).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw new FileStoreUnavailableError(`the file store cannot check "${key}": ${(err as Error).message}`, { cause: err });
    }
  }

  async close(): Promise<void> {}
}

export interface S3FileStoreConfig {
  bucket: string;
  region: string;
  /** For S3-compatible stores (MinIO, Ceph, R2); AWS itself needs none. */
  endpoint?: string;
  /** Path-style URLs (bucket in the path), which most S3-compatible stores need. */
  forcePathStyle?: boolean;
  /** Prepended to every key, so one bucket can serve several deployments. */
  prefix?: string;
  /** Omitted: the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, instance roles). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** SDK attempts per call (default 3); the pipeline's own retries sit above this. */
  maxAttempts?: number;
  /** Milliseconds to connect and to wait for a response (default 5 s / 30 s). */
  connectionTimeoutMs?: number;
  requestTimeoutMs?: number;
}

function statusOf(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

export class S3FileStore implements FileStore {
  readonly client: S3Client;

  constructor(readonly config: S3FileStoreConfig) {
    this.client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: config.forcePathStyle ?? Boolean(config.endpoint),
      credentials: config.credentials,
      maxAttempts: config.maxAttempts ?? 3,
      requestHandler: {
        connectionTimeout: config.connectionTimeoutMs ?? 5_000,
        requestTimeout: config.requestTimeoutMs ?? 30_000,
      },
    });
  }

  objectKey(key: string): string {
    assertSafeKey(key);
    const prefix = this.config.prefix ?? '';
    return prefix === '' || prefix.endsWith('/') ? `${prefix}${key}` : `${prefix}/${key}`;
  }

  async put(key: string, buffer: Buffer): Promise<void> {
    const objectKey = this.objectKey(key);
    try {
      // If-None-Match: * makes the write conditional on the key being free (S3 conditional writes).
      await this.client.send(
        new PutObjectCommand({ Bucket: this.config.bucket, Key: objectKey, Body: buffer, IfNoneMatch: '*', ContentType: 'application/octet-stream' }),
      );
    } catch (err) {
      const status = statusOf(err);
      if (status === 412 || status === 409) throw new FileAlreadyStoredError(key);
      throw new FileStoreUnavailableError(`the file store cannot write "${key}": ${describe(err)}`, { cause: err });
    }
  }

  async get(key: string): Promise<Buffer> {
    const objectKey = this.objectKey(key);
    try {
      const reply = await this.client.send(new GetObjectCommand({ Bucket: this.config.bucket, Key: objectKey }));
      if (!reply.Body) throw new Error('the response has no body');
      return Buffer.from(await reply.Body.transformToByteArray());
    } catch (err) {
      const reason = statusOf(err) === 404 ? 'it is not in the store' : describe(err);
      throw new FileStoreUnavailableError(`the stored file "${key}" cannot be read: ${reason}`, { cause: err });
    }
  }

  async exists(key: string): Promise<boolean> {
    const objectKey = this.objectKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.config.bucket, Key: objectKey }));
      return true;
    } catch (err) {
      if (statusOf(err) === 404) return false;
      throw new FileStoreUnavailableError(`the file store cannot check "${key}": ${describe(err)}`, { cause: err });
    }
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}

function describe(err: unknown): string {
  if (err instanceof S3ServiceException) return `${err.name} (HTTP ${err.$metadata.httpStatusCode ?? '?'})`;
  const code = (err as NodeJS.ErrnoException)?.code;
  return code ? `${code}: ${(err as Error).message}` : ((err as Error)?.message ?? String(err));
}

export type FileStoreConfig = { kind: 'local'; dir: string } | ({ kind: 's3' } & S3FileStoreConfig);

export const DEFAULT_FILES_DIR = './var/statement-files';

/**
 * STATEMENT_FILE_STORE = local (default) | s3.
 * local: STATEMENT_FILES_DIR (default ./var/statement-files, relative to the working directory).
 * s3: STATEMENT_S3_BUCKET (required), STATEMENT_S3_REGION (default us-east-1), STATEMENT_S3_ENDPOINT,
 * STATEMENT_S3_PREFIX, STATEMENT_S3_FORCE_PATH_STYLE (true|false); credentials through the SDK's chain.
 */
export function loadFileStoreConfig(env: NodeJS.ProcessEnv = process.env): FileStoreConfig {
  const kind = (env.STATEMENT_FILE_STORE ?? 'local').trim().toLowerCase();
  if (kind === 'local') return { kind: 'local', dir: env.STATEMENT_FILES_DIR?.trim() || DEFAULT_FILES_DIR };
  if (kind !== 's3') throw new Error(`STATEMENT_FILE_STORE must be "local" or "s3", got "${env.STATEMENT_FILE_STORE}"`);
  const bucket = env.STATEMENT_S3_BUCKET?.trim();
  if (!bucket) throw new Error('STATEMENT_S3_BUCKET is required when STATEMENT_FILE_STORE=s3');
  const pathStyle = env.STATEMENT_S3_FORCE_PATH_STYLE?.trim().toLowerCase();
  if (pathStyle !== undefined && pathStyle !== 'true' && pathStyle !== 'false') {
    throw new Error(`STATEMENT_S3_FORCE_PATH_STYLE must be true or false, got "${env.STATEMENT_S3_FORCE_PATH_STYLE}"`);
  }
  return {
    kind: 's3',
    bucket,
    region: env.STATEMENT_S3_REGION?.trim() || env.AWS_REGION?.trim() || 'us-east-1',
    endpoint: env.STATEMENT_S3_ENDPOINT?.trim() || undefined,
    forcePathStyle: pathStyle === undefined ? undefined : pathStyle === 'true',
    prefix: env.STATEMENT_S3_PREFIX?.trim() || undefined,
  };
}

export function createFileStore(config: FileStoreConfig): FileStore {
  return config.kind === 'local' ? new LocalFileStore(config.dir) : new S3FileStore(config);
}
