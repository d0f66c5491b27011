import { describe, expect, it } from "vitest";
import { claimChunkReload, isChunkLoadError, RELOAD_GUARD_MS } from "./chunk-reload";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("chunk reload guard", () => {
  it("allows one reload per path per 10 s", () => {
    const storage = memoryStorage();
    let now = 1_000_000;
    const clock = () => now;
    expect(claimChunkReload("/bands", storage, clock)).toBe(true);
    now += RELOAD_GUARD_MS - 1;
    expect(claimChunkReload("/bands", storage, clock)).toBe(false);
    expect(claimChunkReload("/products", storage, clock)).toBe(true);
    now += 1;
    expect(claimChunkReload("/bands", storage, clock)).toBe(true);
  });

  it("survives unreadable stored state", () => {
    const storage = memoryStorage();
    storage.setItem("encore:chunk-reloads", "{not json");
    expect(claimChunkReload("/", storage)).toBe(true);
  });

  it("recognises the browsers' chunk-load errors", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /assets/x.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
  });
});
