import { chmod, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createFileStore,
  DEFAULT_FILES_DIR,
  FileAlreadyStoredError,
  FileStoreUnavailableError,
  loadFileStoreConfig,
  LocalFileStore,
  S3FileStore,
  statementFileKey,
} from '../../src/files';

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}

const UNSAFE_KEYS = ['', '../escape', 'a/../../b', '/absolute', 'a//b', '.hidden', 'a/.tmp', 'a b', 'a\\b', 'a/b/', 'ü', `${'x'.repeat(129)}`];

describe('LocalFileStore', () => {
  let dir: string;
  let store: LocalFileStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'statement-files-'));
    store = new LocalFileStore(dir);
  });
  afterEach(async () => {
    await chmod(dir, 0o700).catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  });

  it('stores, reads back and reports a file, under folders made on demand', async () => {
    const key = statementFileKey('0190a8e0-0000-7000-8000-000000000001', '0190a8e0-0000-7000-8000-000000000002');
    expect(await store.exists(key)).toBe(false);
    await store.put(key, Buffer.from('Date,Narration\n'));
    expect(await store.exists(key)).toBe(true);
    expect((await store.get(key)).toString()).toBe('Date,Narration\n');
    // No temporary file is left beside it.
    expect(await readdir(join(dir, '0190a8e0-0000-7000-8000-000000000001'))).toEqual(['0190a8e0-0000-7000-8000-000000000002']);
  });

  it('never overwrites a stored file', async () => {
    await store.put('org/statement', Buffer.from('first'));
    const err = await rejection(store.put('org/statement', Buffer.from('second')));
    expect(err).toBeInstanceOf(FileAlreadyStoredError);
    expect((await store.get('org/statement')).toString()).toBe('first');
    expect(await readdir(join(dir, 'org'))).toEqual(['statement']);
  });

  it('lets exactly one of two concurrent writers of a key win', async () => {
    const results = await Promise.allSettled([store.put('org/race', Buffer.from('a')), store.put('org/race', Buffer.from('b'))]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const lost = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(FileAlreadyStoredError);
    expect(['a', 'b']).toContain((await store.get('org/race')).toString());
  });

  it.each(UNSAFE_KEYS)('refuses the unsafe key %j', async (key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(/unsafe file key/);
    await expect(store.get(key)).rejects.toThrow(/unsafe file key/);
    expect(await readdir(dir)).toEqual([]);
  });

  it('reports a missing file as FileStoreUnavailableError from get() (the API answers 502)', async () => {
    const err = await rejection(store.get('org/missing'));
    expect(err).toBeInstanceOf(FileStoreUnavailableError);
    expect(err.message).toBe('the stored file "org/missing" cannot be read: it is not in the store');
  });

  it('reports an unreadable folder as FileStoreUnavailableError from get, put and exists', async () => {
    if (process.getuid?.() === 0) {
      // root reads anything: make the folder a file instead, which no user can descend into.
      await rm(dir, { recursive: true });
      await writeFile(dir, 'not a folder');
    } else {
      await chmod(dir, 0o000);
    }
    expect(await rejection(store.get('org/x'))).toBeInstanceOf(FileStoreUnavailableError);
    expect(await rejection(store.exists('org/x'))).toBeInstanceOf(FileStoreUnavailableError);
    const put = await rejection(store.put('org/x', Buffer.from('x')));
    expect(put).toBeInstanceOf(FileStoreUnavailableError);
    expect(put.message).toMatch(/^the file store cannot write "org\/x": /);
    await rm(dir, { force: true });
  });
});

/**
 * A loopback stand-in for an S3 endpoint, enough of the wire protocol (path-style PUT with If-None-Match,
 * GET, HEAD, XML errors) to check that the real AWS SDK's answers map to this store's errors. It is not S3:
 * real S3 semantics (consistency, auth, conditional-write support of a given provider) are not tested here.
 */
class S3Stand {
  readonly objects = new Map<string, Buffer>();
  readonly requests: string[] = [];
  failWith: number | null = null;
  private server!: Server;

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const path = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
    this.requests.push(`${req.method} ${path}`);
    const error = (status: number, code: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(req.method === 'HEAD' ? undefined : `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
    };
    if (this.failWith) return error(this.failWith, 'InternalError');
    if (req.method === 'PUT') {
      if (this.objects.has(path) && req.headers['if-none-match'] === '*') return error(412, 'PreconditionFailed');
      this.objects.set(path, Buffer.concat(chunks));
      res.writeHead(200, { etag: '"e"' });
      return void res.end();
    }
    const body = this.objects.get(path);
    if (!body) return error(404, req.method === 'HEAD' ? 'NotFound' : 'NoSuchKey');
    res.writeHead(200, { 'content-length': body.length, 'content-type': 'application/octet-stream', etag: '"e"' });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

describe('S3FileStore', () => {
  const credentials = { accessKeyId: 'test', secretAccessKey: 'test' };

  it('maps keys under the prefix', () => {
    const store = new S3FileStore({ bucket: 'b', region: 'ap-south-1', prefix: 'statements' });
    expect(store.objectKey('org/st')).toBe('statements/org/st');
    expect(new S3FileStore({ bucket: 'b', region: 'ap-south-1', prefix: 'p/' }).objectKey('org/st')).toBe('p/org/st');
    expect(new S3FileStore({ bucket: 'b', region: 'ap-south-1' }).objectKey('org/st')).toBe('org/st');
    expect(() => store.objectKey('../x')).toThrow(/unsafe file key/);
    void store.close();
  });

  it('turns an unreachable endpoint into FileStoreUnavailableError for get, put and exists', async () => {
    // A loopback port with nothing listening: connection refused, at once.
    const idle = createServer();
    await new Promise<void>((resolve) => idle.listen(0, '127.0.0.1', resolve));
    const port = (idle.address() as AddressInfo).port;
    await new Promise((resolve) => idle.close(resolve));
    const store = new S3FileStore({ bucket: 'b', region: 'us-east-1', endpoint: `http://127.0.0.1:${port}`, credentials, maxAttempts: 1 });
    try {
      for (const call of [store.get('org/st'), store.exists('org/st'), store.put('org/st', Buffer.from('x'))]) {
        const err = await rejection(call);
        expect(err).toBeInstanceOf(FileStoreUnavailableError);
        expect(err.message).toMatch(/ECONNREFUSED/);
      }
    } finally {
      await store.close();
    }
  });

  describe('against a loopback S3 stand-in (the SDK is real, the server is not S3)', () => {
    const stand = new S3Stand();
    let store: S3FileStore;

    beforeAll(async () => {
      const endpoint = await stand.start();
      store = new S3FileStore({ bucket: 'statements-bucket', region: 'us-east-1', endpoint, prefix: 'prod', credentials, maxAttempts: 1 });
    });
    afterAll(async () => {
      await store.close();
      await stand.stop();
    });

    it('puts, heads and gets a file at bucket/prefix/key, path style', async () => {
      expect(await store.exists('org/st-1')).toBe(false);
      await store.put('org/st-1', Buffer.from('%PDF-1.7 bytes'));
      expect(await store.exists('org/st-1')).toBe(true);
      expect((await store.get('org/st-1')).toString()).toBe('%PDF-1.7 bytes');
      expect(stand.requests).toEqual([
        'HEAD /statements-bucket/prod/org/st-1',
        'PUT /statements-bucket/prod/org/st-1',
        'HEAD /statements-bucket/prod/org/st-1',
        'GET /statements-bucket/prod/org/st-1',
      ]);
    });

    it('maps a failed conditional write (412) to FileAlreadyStoredError, keeping the first file', async () => {
      await store.put('org/st-2', Buffer.from('first'));
      expect(await rejection(store.put('org/st-2', Buffer.from('second')))).toBeInstanceOf(FileAlreadyStoredError);
      expect((await store.get('org/st-2')).toString()).toBe('first');
    });

    it('maps a missing object to FileStoreUnavailableError on get and to false on exists', async () => {
      const err = await rejection(store.get('org/none'));
      expect(err).toBeInstanceOf(FileStoreUnavailableError);
      expect(err.message).toBe('the stored file "org/none" cannot be read: it is not in the store');
      expect(await store.exists('org/none')).toBe(false);
    });

    it('maps server errors to FileStoreUnavailableError', async () => {
      stand.failWith = 500;
      try {
        for (const call of [store.get('org/st-1'), store.exists('org/st-1'), store.put('org/st-3', Buffer.from('x'))]) {
          const err = await rejection(call);
          expect(err).toBeInstanceOf(FileStoreUnavailableError);
          expect(err.message).toMatch(/HTTP 500/);
        }
      } finally {
        stand.failWith = null;
      }
    });
  });
});

describe('file store config', () => {
  it('defaults to a local folder', () => {
    expect(loadFileStoreConfig({})).toEqual({ kind: 'local', dir: DEFAULT_FILES_DIR });
    expect(loadFileStoreConfig({ STATEMENT_FILES_DIR: '/srv/files' })).toEqual({ kind: 'local', dir: '/srv/files' });
    expect(createFileStore(loadFileStoreConfig({ STATEMENT_FILES_DIR: '/srv/files' }))).toBeInstanceOf(LocalFileStore);
  });

  it('reads the S3 settings', async () => {
    const config = loadFileStoreConfig({
      STATEMENT_FILE_STORE: 's3',
      STATEMENT_S3_BUCKET: 'bkt',
      STATEMENT_S3_REGION: 'ap-south-1',
      STATEMENT_S3_ENDPOINT: 'http://127.0.0.1:9000',
      STATEMENT_S3_PREFIX: 'files',
      STATEMENT_S3_FORCE_PATH_STYLE: 'true',
    });
    expect(config).toEqual({ kind: 's3', bucket: 'bkt', region: 'ap-south-1', endpoint: 'http://127.0.0.1:9000', prefix: 'files', forcePathStyle: true });
    const store = createFileStore(config);
    expect(store).toBeInstanceOf(S3FileStore);
    await store.close();
  });

  it.each([
    [{ STATEMENT_FILE_STORE: 'ftp' }, /must be "local" or "s3"/],
    [{ STATEMENT_FILE_STORE: 's3' }, /STATEMENT_S3_BUCKET is required/],
    [{ STATEMENT_FILE_STORE: 's3', STATEMENT_S3_BUCKET: 'b', STATEMENT_S3_FORCE_PATH_STYLE: 'yes' }, /must be true or false/],
  ])('refuses %j', (env, why) => {
    expect(() => loadFileStoreConfig(env)).toThrow(why);
  });
});
