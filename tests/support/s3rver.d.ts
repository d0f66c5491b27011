// Types for the parts of @20minutes/s3rver (a maintained fork of s3rver, a local S3-compatible
// server) that tests/support/s3-server.ts uses; the package ships none.
declare module "@20minutes/s3rver" {
  import type { AddressInfo } from "node:net";

  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: Array<{ name: string; configs?: Array<string | Buffer> }>;
  };

  export default class S3rver {
    constructor(options?: Options);
    run(): Promise<AddressInfo>;
    httpServer?: import("node:http").Server;
    close(): Promise<void>;
  }
}
