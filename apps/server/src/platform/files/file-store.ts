// Where uploaded files' bytes are kept: a directory (the default) or an S3-compatible bucket
// (FILE_STORAGE=s3: AWS, MinIO, Ceph, R2 …). Keys are made by the server (random), never from a
// user's file name, so nothing a user sends names a path.
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../../config';

export interface FileStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  get(key: string): Promise<Uint8Array>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9-]+\/[A-Za-z0-9_-]{16,64}$/;

function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new Error(`file store: bad key ${key}`);
  return key;
}

/** Files under one directory, a folder per purpose (the key's first part). */
export class LocalFileStore implements FileStore {
  constructor(private readonly dir: string) {}

  private file(key: string): string {
    return path.join(path.resolve(this.dir), checkKey(key));
  }

  async put(key: string, bytes: Uint8Array): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes, { mode: 0o600 });
  }

  async get(key: string): Promise<Uint8Array> {
    return readFile(this.file(key));
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}

/** Objects in an S3-compatible bucket through the AWS SDK (signature V4). */
export class S3FileStore implements FileStore {
  private readonly client: S3Client;

  constructor(
    private readonly bucket: string,
    options: { endpoint?: string | undefined; region: string; accessKeyId: string; secretAccessKey: string; forcePathStyle: boolean },
  ) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: checkKey(key), Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Uint8Array> {
    const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
    return answer.Body!.transformToByteArray();
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }
}

export function fileStoreFrom(config: Config): FileStore {
  if (config.FILE_STORAGE === 's3') {
    return new S3FileStore(config.S3_BUCKET!, {
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalFileStore(config.UPLOAD_DIR);
}
