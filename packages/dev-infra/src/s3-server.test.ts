import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { isPortFree } from './net';
import { startS3 } from './s3-server';
import { makeTempDir } from './test-dirs';

const temp = makeTempDir('s3');
afterAll(() => temp.remove());

describe('startS3', () => {
  it('serves a bucket that the AWS SDK can write to and read back, on the same port after a restart', async () => {
    const first = await startS3({ dataDir: temp.dir, bucket: 'uploads' });
    const client = new S3Client({
      endpoint: first.env.S3_ENDPOINT,
      region: first.env.S3_REGION,
      forcePathStyle: first.env.S3_FORCE_PATH_STYLE === 'true',
      credentials: {
        accessKeyId: first.env.S3_ACCESS_KEY_ID,
        secretAccessKey: first.env.S3_SECRET_ACCESS_KEY,
      },
      // Without this the SDK frames bodies with trailing checksums that s3rver stores verbatim.
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    try {
      await client.send(new PutObjectCommand({ Bucket: 'uploads', Key: 'a/b.txt', Body: 'stored bytes' }));
    } finally {
      await first.stop();
    }
    expect(await isPortFree(Number(new URL(first.url).port))).toBe(true);

    const second = await startS3({ dataDir: temp.dir, bucket: 'uploads' });
    try {
      expect(second.url).toBe(first.url);
      const object = await client.send(new GetObjectCommand({ Bucket: 'uploads', Key: 'a/b.txt' }));
      expect(await object.Body?.transformToString()).toBe('stored bytes');
    } finally {
      client.destroy();
      await second.stop();
    }
  });
});
