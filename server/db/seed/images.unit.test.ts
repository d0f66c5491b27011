import { describe, expect, it } from "vitest";
import type { FileStore } from "../../media/storage.ts";
import { imageMaker } from "./images.ts";
import type { RenderedImage } from "./mockups.ts";

function memoryStore() {
  const stored = new Map<string, Buffer>();
  const store: FileStore = {
    put: async (slug, bytes) => void stored.set(slug, bytes),
    read: async (slug) => stored.get(slug),
    remove: async (slug) => void stored.delete(slug),
    description: "memory",
  };
  return { store, stored };
}

const SIZE = { width: 8, height: 10 };

describe("imageMaker", () => {
  it("draws a drawing once and stores it under every name, answering what it stored", async () => {
    const { store, stored } = memoryStore();
    const maker = imageMaker(store);
    let renders = 0;
    const render = async (): Promise<RenderedImage> => {
      renders++;
      return { bytes: Buffer.from("RIFF....WEBP"), ...SIZE, mimeType: "image/webp" };
    };
    const jobs = ["product/1/0", "product/2/0", "product/3/0"].map((name) =>
      maker.job(name, "Tee", "Tee, front", "mockup:tee", SIZE, render),
    );
    const images = await Promise.all(jobs.map((job) => job.image));

    expect(renders).toBe(1);
    expect(new Set(jobs.map((job) => job.slug)).size).toBe(3);
    for (const job of jobs) expect(stored.get(job.slug)?.toString()).toBe("RIFF....WEBP");
    for (const image of images) {
      expect(image).toEqual({ byteSize: 12, ...SIZE, mimeType: "image/webp" });
    }
    expect(maker.stats()).toEqual({ files: 3, bytes: 36, rendered: 1 });
  });

  it("reads back what the store already holds instead of drawing it again", async () => {
    const { store } = memoryStore();
    const first = imageMaker(store).job(
      "band/1/logo",
      "Logo",
      "Logo",
      "logo:1",
      SIZE,
      async () => ({
        bytes: Buffer.from("RIFF-WEBP"),
        ...SIZE,
        mimeType: "image/webp",
      }),
    );
    await first.image;
    const again = imageMaker(store);
    const job = again.job("band/1/logo", "Logo", "Logo", "logo:1", SIZE, async () => {
      throw new Error("drawn again");
    });
    expect(await job.image).toEqual({ byteSize: 9, ...SIZE, mimeType: "image/webp" });
    expect(again.stats().rendered).toBe(0);
  });
});
