/**
 * The S3-compatible store (docs/backups.md), through the maintained AWS SDK: `@aws-sdk/client-s3`
 * for single calls and `@aws-sdk/lib-storage`'s `Upload` for streams (multipart above 8 MB, two parts in
 * flight, so a 5 GB snapshot streams in about 16 MB of memory). Works with AWS S3 (no S3_ENDPOINT) and any
 * S3-compatible endpoint (Backblaze B2, Cloudflare R2, Wasabi, MinIO, OpenStack Swift's s3api): the SDK's
 * newer default checksums are sent only where the protocol requires them, which every one of them accepts.
 * Each object carries our own SHA-256 of its bytes as metadata (`x-amz-meta-sha256`).
 */
import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetBucketVersioningCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  S3Client,
  type ListObjectsV2CommandOutput,
  type ListObjectVersionsCommandOutput,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";

export type S3Settings = {
  endpoint: string | null;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** "" or a folder ending in "/". */
  prefix: string;
};

export type ObjectStore = ReturnType<typeof objectStore>;

/** A store of the bucket's objects under the prefix. */
export function objectStore(settings: S3Settings) {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    // A store that does not answer: give up the call (the queue tries again) rather than hang.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 120_000 },
    maxAttempts: 2,
  });
  const Bucket = settings.bucket;
  const name = (key: string) => `${settings.prefix}${key}`;
  return {
    client,
    bucket: Bucket,
    prefix: settings.prefix,

    /** Streams `body` to `key`; resolves with the object's ETag and version (null without versioning). */
    async put(key: string, body: Readable | Buffer, meta: { sha256?: string; contentType?: string }) {
      const upload = new Upload({
        client,
        params: {
          Bucket,
          Key: name(key),
          Body: body,
          ContentType: meta.contentType ?? "application/octet-stream",
          ...(meta.sha256 ? { Metadata: { sha256: meta.sha256 } } : {}),
        },
        partSize: 8 * 1024 * 1024,
        queueSize: 2,
        leavePartsOnError: false,
      });
      const done = await upload.done();
      return { etag: done.ETag ?? null, versionId: done.VersionId ?? null };
    },

    /** The object's bytes (a version of it when given), or null when there is none. */
    async get(key: string, versionId?: string): Promise<{ body: Readable; sha256: string | null } | null> {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: name(key), ...(versionId ? { VersionId: versionId } : {}) }),
        );
        return { body: answer.Body as Readable, sha256: answer.Metadata?.sha256 ?? null };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: name(key) }));
    },

    /**
     * Deletes the object and every earlier version of it, delete markers included: with versioning on, a plain
     * delete only adds a marker and keeps paying for every version (a snapshot past its retention, a document
     * purged after its three years). One at a time: the batch call needs a Content-MD5 header that the SDK no
     * longer sends and some stores (Swift's s3api) require. Returns how many versions went.
     */
    async purge(key: string): Promise<number> {
      const full = name(key);
      // A delete marker first, so that no version is the current one when it goes: Swift's s3api hangs on
      // deleting the current version by its id (seen with swift 2.30), and a marker removed last leaves nothing.
      await client.send(new DeleteObjectCommand({ Bucket, Key: full }));
      let removed = 0;
      let keyMarker: string | undefined;
      let versionMarker: string | undefined;
      do {
        const page: ListObjectVersionsCommandOutput = await client.send(
          new ListObjectVersionsCommand({
            Bucket,
            Prefix: full,
            KeyMarker: keyMarker,
            VersionIdMarker: versionMarker,
          }),
        );
        for (const v of [...(page.Versions ?? []), ...(page.DeleteMarkers ?? [])]) {
          if (v.Key !== full || !v.VersionId || v.VersionId === "null") continue;
          await client.send(new DeleteObjectCommand({ Bucket, Key: full, VersionId: v.VersionId }));
          removed++;
        }
        keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        versionMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
      } while (keyMarker);
      return removed;
    },

    /** Every key under `folder` (without the prefix), with its size and time. */
    async *list(folder: string): AsyncGenerator<{ key: string; size: number; modifiedAt: Date }> {
      let token: string | undefined;
      do {
        const page: ListObjectsV2CommandOutput = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: name(folder), ContinuationToken: token }),
        );
        for (const object of page.Contents ?? []) {
          yield {
            key: object.Key!.slice(settings.prefix.length),
            size: object.Size ?? 0,
            modifiedAt: object.LastModified ?? new Date(0),
          };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    /** Turns the bucket's versioning on when the credentials may, and says what it is: "Enabled" or not. */
    async ensureVersioning(): Promise<string> {
      try {
        await client.send(new PutBucketVersioningCommand({ Bucket, VersioningConfiguration: { Status: "Enabled" } }));
      } catch {
        // Not allowed to change it (a key limited to objects): what it is is still read below.
      }
      const answer = await client.send(new GetBucketVersioningCommand({ Bucket }));
      return answer.Status ?? "Off";
    },

    close: () => client.destroy(),
  };
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
};

/** An error as one line for the panel and the log (the SDK's name and message, never the credentials). */
export function s3ErrorText(error: unknown): string {
  const e = error as { name?: string; message?: string; code?: string };
  return `${e?.name ?? "Error"}: ${e?.message ?? e?.code ?? String(error)}`.slice(0, 300);
}
