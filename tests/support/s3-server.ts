import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "@20minutes/s3rver";
import { GetObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";

export type S3Server = {
  endpoint: string;
  bucket: string;
  /** The shop's settings for this bucket, for `startTestApp(kind, { env })`. */
  env: Record<string, string>;
  /** The bytes of an object, or undefined when the bucket holds none under `key`. */
  object(key: string): Promise<Buffer | undefined>;
  close(): Promise<void>;
};

// s3rver's one account; requests signed with any other key are refused (SignatureDoesNotMatch).
const ACCESS_KEY_ID = "S3RVER";
const SECRET_ACCESS_KEY = "S3RVER";

/**
 * A local S3-compatible server (s3rver, on 127.0.0.1 and a free port, keeping objects in a
 * temporary folder) with one empty bucket. It speaks S3's REST protocol over HTTP and checks
 * AWS Signature V4, so the shop's real @aws-sdk/client-s3 talks to it as to a bucket anywhere.
 */
export async function startS3Server(bucket = "encore-test-media"): Promise<S3Server> {
  // The SDK's notice that its releases from 2027 need Node 22: known, and noise in test output.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";
  const directory = mkdtempSync(join(tmpdir(), "encore-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: "true",
    },
    async object(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof S3ServiceException && error.name === "NoSuchKey") return undefined;
        throw error;
      }
    },
    async close() {
      client.destroy();
      // The app's own client may keep connections open; they are not waited for.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
