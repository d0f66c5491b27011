import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
// yaml comes with @hono/zod-openapi (through openapi3-ts), a dependency of the shop.
import { parse } from "yaml";
import { ConfigSchema } from "./config.ts";
import { projectRoot } from "./paths.ts";

const settings = Object.keys(ConfigSchema.shape);
const read = (file: string) => readFileSync(join(projectRoot, file), "utf8");

/** `.env.example`'s settings, set or commented out, each with the comment line above it. */
function exampleSettings(): Map<string, string | undefined> {
  const lines = read(".env.example").split("\n");
  const found = new Map<string, string | undefined>();
  lines.forEach((line, index) => {
    const name = /^(?:# )?([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
    const above = lines[index - 1] ?? "";
    if (name) found.set(name, /^# (?![A-Z][A-Z0-9_]*=)\S/.test(above) ? above : undefined);
  });
  return found;
}

describe("every setting is documented", () => {
  it("in .env.example, with a one-line comment above it", () => {
    const example = exampleSettings();
    expect(settings.filter((name) => !example.has(name))).toEqual([]);
    expect(settings.filter((name) => example.get(name) === undefined)).toEqual([]);
  });

  it("in README's settings table", () => {
    const rows = new Set(
      [...read("README.md").matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1]),
    );
    expect(settings.filter((name) => !rows.has(name))).toEqual([]);
  });
});

type ComposeService = {
  build?: unknown;
  environment?: Record<string, string>;
  volumes?: string[];
};

describe("compose.yaml", () => {
  const text = read("compose.yaml");
  const compose = parse(text) as { services: Record<string, ComposeService> };
  const shop = Object.entries(compose.services).filter(([, service]) => service.build);

  it("gives the shop's containers nothing but the shop's settings", () => {
    expect(shop.map(([name]) => name)).toEqual(["app"]);
    for (const [, service] of shop)
      expect(
        Object.keys(service.environment ?? {}).filter((name) => !settings.includes(name)),
      ).toEqual([]);
  });

  it("asks only for variables .env.example explains", () => {
    const example = exampleSettings();
    const asked = new Set(
      [...text.matchAll(/(?<!\$)\$\{(\w+)/g)].map((match) => match[1] as string),
    );
    expect([...asked].filter((name) => !example.has(name))).toEqual([]);
  });

  it("mounts only files that are in the repository", () => {
    const mounted = Object.values(compose.services)
      .flatMap((service) => service.volumes ?? [])
      .filter((volume) => volume.startsWith("./"))
      .map((volume) => volume.split(":")[0] as string);
    expect(mounted.length).toBeGreaterThan(0);
    expect(mounted.filter((path) => !existsSync(join(projectRoot, path)))).toEqual([]);
  });
});
