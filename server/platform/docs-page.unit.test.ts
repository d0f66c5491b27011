import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import type { AppEnv } from "../http/env.ts";
import { docsPageAnswer, scalarScriptIn } from "./docs-page.ts";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function assetsWith(...names: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), "encore-assets-"));
  folders.push(folder);
  for (const name of names) writeFileSync(join(folder, name), "");
  return folder;
}

describe("the API reference page's script", () => {
  it("is the hashed Scalar bundle among the built assets", () => {
    const folder = assetsWith("root-a1b2.js", "scalar-0123456789abcdef.js", "scalar-old.js");
    expect(scalarScriptIn(folder)).toBe("/assets/scalar-0123456789abcdef.js");
  });

  it("is not there before a build, nor among assets without it", () => {
    expect(scalarScriptIn(join(tmpdir(), "encore-no-such-build"))).toBeUndefined();
    expect(scalarScriptIn(assetsWith("root-a1b2.js"))).toBeUndefined();
  });
});

describe("GET /api/docs", () => {
  const app = (script: string | undefined) =>
    new Hono<AppEnv>().get("/api/docs", (c) => {
      c.set("nonce", "n0nce");
      return docsPageAnswer(c, script);
    });

  it("answers 503 with Retry-After, saying what makes the script, while there is no build", async () => {
    const answer = await app(undefined).request("/api/docs");
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("60");
    expect(await answer.text()).toContain("npm run build");
  });

  it("serves the page with the script and the request's nonce once built", async () => {
    const answer = await app("/assets/scalar-0123456789abcdef.js").request("/api/docs");
    expect(answer.status).toBe(200);
    const html = await answer.text();
    expect(html).toContain('<script src="/assets/scalar-0123456789abcdef.js"></script>');
    expect(html).toContain('<script nonce="n0nce">Scalar.createApiReference("#reference"');
  });
});
