import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import { AppError } from "../http/app-error";
import type { StorageConfig } from "../storage-config";
import { assertSafeKey, type FileStorage } from "./storage";

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  png: "image/png",
  zip: "application/zip",
  json: "application/json",
};

/** The bucket answered, and the object is not there (as opposed to the bucket being out of reach). */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404)
  );
}

/**
 * Files in an S3 bucket (AWS, or any S3-compatible store), shared by every process. Approved photos are read by
 * browsers at S3_PUBLIC_URL (a CDN or a public bucket) when set, otherwise through the app's /media route; private
 * files only ever through URLs the SDK presigns for a few minutes, after the app has checked the caller.
 * A bucket out of reach answers 503 (the request that needed it fails, and nothing already stored is touched).
 */
export class S3Storage implements FileStorage {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBase: string | undefined;

  constructor(config: NonNullable<StorageConfig["s3"]>) {
    this.bucket = config.bucket;
    this.publicBase = config.publicUrl?.replace(/\/+$/, "");
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      // Self-hosted stores (MinIO, Ceph, s3rver) address buckets by path, not by subdomain.
      forcePathStyle: true,
      // Checksums only where S3 requires them: many S3-compatible stores do not read the newer checksum trailers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // One quick retry: a member waiting on an upload is better told "try again" than kept waiting.
      maxAttempts: 2,
    });
  }

  async put(key: string, content: Buffer): Promise<void> {
    assertSafeKey(key);
    const extension = key.slice(key.lastIndexOf(".") + 1);
    await this.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: content,
        ContentType: CONTENT_TYPES[extension] ?? "application/octet-stream",
        // Keys never change content (a new upload is a new key), so a CDN may keep public files for good.
        CacheControl: key.startsWith("private/") ? "private, no-store" : "public, max-age=2592000, immutable",
      }),
    );
  }

  async get(key: string): Promise<Buffer | undefined> {
    assertSafeKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return undefined;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw unavailable(error);
    }
  }

  async exists(key: string): Promise<boolean> {
    assertSafeKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw unavailable(error);
    }
  }

  async remove(key: string): Promise<void> {
    assertSafeKey(key);
    await this.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  publicUrl(key: string): string {
    return this.publicBase ? `${this.publicBase}/${key}` : `/media/${key}`;
  }

  async presignedUrl(key: string, expiresInSeconds: number): Promise<string> {
    assertSafeKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), {
      expiresIn: expiresInSeconds,
    });
  }

  close(): void {
    this.client.destroy();
  }

  private async send(command: PutObjectCommand | DeleteObjectCommand): Promise<void> {
    try {
      await this.client.send(command as PutObjectCommand);
    } catch (error) {
      throw unavailable(error);
    }
  }
}

/** The bucket is out of reach: 503 with a wait, the SDK's error kept as the cause for the log. */
function unavailable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const failure = new AppError("unavailable", storageUnavailableMessage, { retryAfterSeconds: 60 });
  failure.cause = error;
  return failure;
}

export const storageUnavailableMessage = "File storage is unavailable just now. Please try again in a few minutes.";
