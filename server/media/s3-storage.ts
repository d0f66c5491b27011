import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Settings } from "../config.ts";
import { assertSafeFileName, type FileStore } from "./storage.ts";

/**
 * Files in an S3 bucket (AWS, or any S3-compatible service at S3_ENDPOINT), one object per name,
 * the name being the key. It uses only GetObject, PutObject and DeleteObject, so the shop's key
 * needs no more than s3:GetObject, s3:PutObject and s3:DeleteObject on the bucket (no listing),
 * and the bucket can stay private: shoppers are served through the shop (see `readFile`).
 */
export function s3FileStore(settings: S3Settings): FileStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // The SDK's default CRC checksums (2025) are refused by several S3-compatible services
    // (R2, B2, older MinIO); checksums are still sent where an operation requires one.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    // A bucket that does not answer fails the request in time rather than holding it open.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 15_000 },
  });
  const { bucket } = settings;
  const key = (slug: string) => {
    assertSafeFileName(slug);
    return slug;
  };
  return {
    description: `the bucket ${bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ""}`,
    async put(slug, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key(slug),
          Body: bytes,
          ContentLength: bytes.length,
          // Served through the shop, which names the type; the bucket keeps plain bytes.
          ContentType: "application/octet-stream",
        }),
      );
    },
    async read(slug) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key(slug) }));
        if (!object.Body) return undefined;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async remove(slug) {
      // S3 answers a delete of a missing key with success, as the store promises.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key(slug) }));
    },
  };
}

/** NoSuchKey, or a bare 404 from services that answer a missing key without a body. */
function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === "NoSuchKey" ||
      error.name === "NotFound" ||
      error.$metadata.httpStatusCode === 404)
  );
}
