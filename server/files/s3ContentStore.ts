import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Readable } from 'node:stream';
import type { S3Settings } from '../config';
import type { ObjectStore } from './contentStore';

/**
 * Files' bytes in an S3-compatible bucket through @aws-sdk/client-s3. Checksums only where an operation requires them:
 * with the SDK's default (a CRC32 trailer in aws-chunked framing) some S3-compatible servers store the framing as
 * the content.
 */
export function s3ContentStore(settings: S3Settings): ObjectStore & { close(): void } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = settings.bucket;
  return {
    kind: 'object',
    async put(key, content, mimeType) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: content, ContentLength: content.byteLength, ContentType: mimeType }));
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!answer.Body) return null;
        const bytes = await answer.Body.transformToByteArray();
        const shared = Buffer.from(new SharedArrayBuffer(bytes.byteLength));
        shared.set(bytes);
        return shared;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async stream(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        return answer.Body instanceof Readable ? answer.Body : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    close: () => client.destroy(),
  };
}
