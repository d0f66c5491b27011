import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { coalescedStream } from "./coalesced-stream.server";

const chunksOf = (stream: NodeJS.ReadableStream) => {
  const chunks: string[] = [];
  stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
  return chunks;
};

describe("coalescedStream", () => {
  it("hands on what is written in one go as one chunk, and what comes later as the next", async () => {
    const stream = coalescedStream();
    const chunks = chunksOf(stream);
    for (const piece of ["<html>", "<body>", "<main>"]) stream.write(Buffer.from(piece));
    await new Promise((resolve) => setImmediate(resolve));
    stream.write(Buffer.from("</main>"));
    stream.end(Buffer.from("</body></html>"));
    await once(stream, "end");
    expect(chunks).toEqual(["<html><body><main>", "</main></body></html>"]);
  });

  it("tells when the writer has ended, with nothing left behind", async () => {
    let ended = false;
    const stream = coalescedStream(() => {
      ended = true;
    });
    const chunks = chunksOf(stream);
    stream.write(Buffer.from("<p>"));
    expect(ended).toBe(false);
    stream.end(Buffer.from("</p>"));
    await once(stream, "end");
    expect(ended).toBe(true);
    expect(chunks).toEqual(["<p></p>"]);
  });
});
