// The one object-store module every family keeps its files with (image results and inputs, audio, chat attachments):
// S3 through @aws-sdk/client-s3, any S3-compatible store included. Keys are `<service>/<owner>/<name>`, so a file's
// owner is part of its address, and browsers get short-lived signed URLs that the owning service answers itself.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { FileQuery, FileService } from '@act/contracts';
import type { ObjectStoreConfig } from './config';
import { createUrlSigner } from './signed-urls';

export interface StoredObject {
  key: string;
  size: number;
  contentType: string;
}

export interface PutInput {
  /** The member the file belongs to (a user id). */
  owner: string;
  body: Buffer;
  contentType: string;
  /** File extension without the dot: `png`, `mp3`, … */
  ext: string;
  /** Marks a derived file of the same upload, e.g. `.thumb`; the name stays `<uuid><suffix>.<ext>`. */
  suffix?: string;
  /** Reuse the id of another object so derived files share their original's name (`<id>.png`, `<id>.thumb.webp`). */
  id?: string;
}

/** An object read for a browser: its bytes as a stream, and the headers a partial or whole answer needs. */
export interface ObjectRead {
  body: Readable;
  contentType: string;
  /** Bytes in this answer (the range's length for a partial one). */
  length: number;
  /** `bytes a-b/total` when a range was asked for and served. */
  contentRange?: string;
  etag?: string;
}

export interface ObjectHead {
  contentType: string;
  length: number;
  etag?: string;
}

export interface ObjectStore {
  readonly service: FileService;
  put(input: PutInput): Promise<StoredObject>;
  /** The whole object, for server-side use (e.g. an attachment sent on to a provider). */
  read(key: string): Promise<Buffer>;
  /** A stream for a browser, optionally a single `bytes=` range; throws `ObjectNotFound` or `RangeNotSatisfiable`. */
  open(key: string, range?: string): Promise<ObjectRead>;
  head(key: string): Promise<ObjectHead>;
  /** Removes the objects; keys already gone are fine. */
  delete(keys: readonly string[]): Promise<void>;
  /**
   * Removes every file of `owner` (all keys under `<service>/<owner>/`), page by page; returns how many. Account
   * deletion (docs/architecture.md#member-deletion): it also finds files no row points at any more.
   */
  deleteOwner(owner: string): Promise<number>;
  /** A same-origin URL reading `key` until it expires; `download` makes it an attachment saved under that name. */
  signedUrl(key: string, options?: { download?: string }): string;
  /** True when `query` is a valid, unexpired signature for `key`. */
  verify(key: string, query: FileQuery): boolean;
  /** The key of a file addressed as `/api/<service>/files/<owner>/<name>`. */
  keyOf(owner: string, name: string): string;
}

export class ObjectNotFound extends Error {
  constructor(readonly key: string) {
    super(`No object ${key}`);
    this.name = 'ObjectNotFound';
  }
}

export class RangeNotSatisfiable extends Error {
  constructor(readonly size: number | undefined) {
    super('Range not satisfiable');
    this.name = 'RangeNotSatisfiable';
  }
}

export interface ObjectStoreOptions {
  service: FileService;
  /** A client to share (tests); built from the config otherwise. */
  client?: S3Client;
}

export function createS3Client(config: ObjectStoreConfig): S3Client {
  const credentials =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined;
  return new S3Client({
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    forcePathStyle: (config.S3_FORCE_PATH_STYLE ?? (config.S3_ENDPOINT ? 'true' : 'false')) === 'true',
    ...(credentials ? { credentials } : {}),
    // Checksums only where S3 requires them: s3rver (the local default) stores the SDK's streamed checksum framing
    // as if it were the body otherwise, and every S3-compatible store accepts this setting.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

export function createObjectStore(config: ObjectStoreConfig, options: ObjectStoreOptions): ObjectStore {
  const { service } = options;
  const client = options.client ?? createS3Client(config);
  const bucket = config.S3_BUCKET;
  const signer = createUrlSigner(config.FILE_URL_SECRET, config.FILE_URL_TTL_S);
  const prefix = `${service}/`;

  const addressOf = (key: string) => {
    const [head, owner, name, ...rest] = key.split('/');
    if (`${head}/` !== prefix || !owner || !name || rest.length) {
      throw new Error(`${key} is not a ${service} file key`);
    }
    return { owner, name };
  };

  const missing = (error: unknown) =>
    error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);

  const store: ObjectStore = {
    service,

    async put(input) {
      const name = `${input.id ?? randomUUID()}${input.suffix ?? ''}.${input.ext}`;
      const key = `${prefix}${input.owner}/${name}`;
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: input.body,
          ContentType: input.contentType,
          ContentLength: input.body.length,
        }),
      );
      return { key, size: input.body.length, contentType: input.contentType };
    },

    async read(key) {
      try {
        const reply = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await reply.Body!.transformToByteArray());
      } catch (error) {
        if (missing(error)) throw new ObjectNotFound(key);
        throw error;
      }
    },

    async open(key, range) {
      // One range only: a multi-range request is answered with the whole file, which RFC 9110 allows.
      const wanted = range && SINGLE_RANGE.test(range) && range !== 'bytes=-' ? range : undefined;
      try {
        const reply = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: wanted }));
        return {
          body: reply.Body as Readable,
          contentType: reply.ContentType ?? 'application/octet-stream',
          length: reply.ContentLength ?? 0,
          ...(wanted && reply.ContentRange ? { contentRange: reply.ContentRange } : {}),
          ...(reply.ETag ? { etag: reply.ETag } : {}),
        };
      } catch (error) {
        if (missing(error)) throw new ObjectNotFound(key);
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 416) {
          const size = await this.head(key).then(
            (head) => head.length,
            () => undefined,
          );
          throw new RangeNotSatisfiable(size);
        }
        throw error;
      }
    },

    async head(key) {
      try {
        const reply = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return {
          contentType: reply.ContentType ?? 'application/octet-stream',
          length: reply.ContentLength ?? 0,
          ...(reply.ETag ? { etag: reply.ETag } : {}),
        };
      } catch (error) {
        if (missing(error)) throw new ObjectNotFound(key);
        throw error;
      }
    },

    async delete(keys) {
      // One call per key: DeleteObjects needs a Content-MD5 that some S3-compatible stores do not take, and a
      // record has only a few files.
      await Promise.all(
        keys.map((key) => client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))),
      );
    },

    async deleteOwner(owner) {
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: `${prefix}${owner}/`,
            ...(token ? { ContinuationToken: token } : {}),
          }),
        );
        const keys = (page.Contents ?? []).flatMap((entry) => (entry.Key ? [entry.Key] : []));
        await store.delete(keys);
        removed += keys.length;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return removed;
    },

    signedUrl(key, urlOptions = {}) {
      const { owner, name } = addressOf(key);
      return `/api/${service}/files/${owner}/${name}?${signer.sign(key, urlOptions)}`;
    },

    verify(key, query) {
      return signer.verify(key, query);
    },

    keyOf(owner, name) {
      return `${prefix}${owner}/${name}`;
    },
  };
  return store;
}

/** One of a record's files: they share the record's id and differ by suffix (`''`, `.thumb`, `.input`, …). */
export type FileVariant = Omit<PutInput, 'owner' | 'id'>;

/**
 * Stores a record's files under one new id, then runs `record` with them (typically the row and its charge's commit
 * in one transaction). If storing or recording fails, the files already stored are deleted before the error goes
 * on, so a failed charged write leaves no orphaned objects; a delete that fails too is reported to `onOrphans`.
 */
export async function storeWithRecord<T>(
  files: ObjectStore,
  owner: string,
  variants: readonly FileVariant[],
  record: (id: string, stored: StoredObject[]) => Promise<T>,
  onOrphans: (keys: string[], error: unknown) => void,
): Promise<T> {
  const id = randomUUID();
  const stored: StoredObject[] = [];
  try {
    for (const variant of variants) stored.push(await files.put({ ...variant, owner, id }));
    return await record(id, stored);
  } catch (error) {
    const keys = stored.map((object) => object.key);
    if (keys.length) await files.delete(keys).catch((deleteError: unknown) => onOrphans(keys, deleteError));
    throw error;
  }
}
