// The production image without Docker (issue 18): a copy of the repository made the way the
// Dockerfile's runtime stage makes it (its COPY lines, its `npm ci`, its ENV and CMD) serves the
// shop with production dependencies only. A file the server needs at run time that the Dockerfile
// forgets to copy, or a dev dependency the server imports, fails this test.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { PGLITE_EXTENSIONS } from "../server/db/client.ts";
import { projectRoot } from "../server/paths.ts";
import { missingServingSettings } from "../server/serving-process.ts";
import { createTestDatabase, type TestDatabase } from "./support/databases.ts";

type Stage = { name: string; workdir: string; instructions: string[] };

/** The Dockerfile's stages, each instruction on one line (continuations joined, comments gone). */
function dockerStages(dockerfile: string): Stage[] {
  const instructions = dockerfile
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
  const stages: Stage[] = [];
  for (const instruction of instructions) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?$/i.exec(instruction);
    if (from)
      stages.push({ name: from[1] ?? String(stages.length), workdir: "/", instructions: [] });
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Instruction before FROM: ${instruction}`);
    const workdir = /^WORKDIR\s+(\S+)$/i.exec(instruction);
    if (workdir?.[1]) stage.workdir = posix.resolve(stage.workdir, workdir[1]);
    stage.instructions.push(instruction);
  }
  return stages;
}

/**
 * What the runtime stage copies, as paths in this repository and in the image's WORKDIR. A
 * `COPY --from=<stage>` source is a path in that stage's WORKDIR, which holds the repository (its
 * `COPY . .`) and what it built. As in Docker, a folder's contents go to the destination, and a
 * file goes into it when it ends with `/` or there are several sources.
 */
function runtimeCopies(stages: Stage[]): { from: string; to: string }[] {
  const runtime = stages.at(-1) as Stage;
  const inImage = (path: string) =>
    posix.relative(runtime.workdir, posix.resolve(runtime.workdir, path));
  return runtime.instructions
    .filter((instruction) => /^COPY\s/i.test(instruction))
    .flatMap((instruction) => {
      const words = instruction.split(/\s+/).slice(1);
      const fromStage = words.find((word) => word.startsWith("--from="))?.slice("--from=".length);
      const paths = words.filter((word) => !word.startsWith("--"));
      const destination = paths.pop() as string;
      const stage = stages.find((candidate) => candidate.name === fromStage);
      if (fromStage && !stage) throw new Error(`COPY from an unknown stage: ${instruction}`);
      const intoFolder = destination.endsWith("/") || paths.length > 1;
      return paths.map((path) => {
        const from = stage
          ? posix.relative(stage.workdir, posix.resolve(stage.workdir, path))
          : path;
        const isFolder =
          existsSync(join(projectRoot, from)) && statSync(join(projectRoot, from)).isDirectory();
        return {
          from,
          to: inImage(
            intoFolder && !isFolder ? posix.join(destination, posix.basename(from)) : destination,
          ),
        };
      });
    });
}

const stages = dockerStages(readFileSync(join(projectRoot, "Dockerfile"), "utf8"));
const runtime = stages.at(-1) as Stage;
const runtimeEnv = Object.fromEntries(
  runtime.instructions.flatMap((instruction) => {
    const env = /^ENV\s+(\w+)=(\S+)$/i.exec(instruction);
    return env ? [[env[1], env[2]]] : [];
  }),
) as Record<string, string>;
const install = runtime.instructions
  .map((instruction) => /^RUN\s+(npm ci [^&]+)/i.exec(instruction)?.[1]?.trim())
  .find(Boolean);
const command = JSON.parse(
  runtime.instructions.find((instruction) => /^CMD\s/i.test(instruction))?.slice(4) ?? "null",
) as string[] | null;

/** The copy's server, started the way the image's CMD starts it, once it says where it listens. */
async function serve(copy: string, env: Record<string, string>) {
  const [program, ...args] = command ?? [];
  if (program !== "node") throw new Error("The runtime stage's CMD does not run node");
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: copy,
    // Only what the image would have: nothing leaks in from the test runner's environment.
    env: { PATH: process.env.PATH ?? "", HOME: copy, ...runtimeEnv, ...env },
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on("data", () => {
      const match = /Encore is running at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.on("exit", (code) =>
      reject(new Error(`the copy's server exited with ${code}:\n${output}`)),
    );
  });
  return { child, url };
}

describe("the Dockerfile", () => {
  it("builds with the commands CI and npm start run, and runs as node with a health check", () => {
    const build = stages[0] as Stage;
    expect(build.instructions.filter((line) => line.startsWith("RUN "))).toEqual([
      "RUN npm ci --no-audit --no-fund",
      "RUN npm run build",
    ]);
    expect(runtime.instructions).toContain("USER node");
    expect(runtime.instructions).toContain("EXPOSE 3000");
    expect(runtimeEnv.NODE_ENV).toBe("production");
    expect(install).toMatch(/^npm ci --omit=dev\b/);
    expect(runtime.instructions.find((line) => line.startsWith("HEALTHCHECK "))).toContain(
      "/api/health",
    );
  });

  it("starts the server with the serving process's settings", () => {
    expect(command?.at(-1)).toBe("build/server/main.js");
    expect(missingServingSettings(command?.slice(1, -1) ?? [], runtimeEnv)).toEqual([]);
  });
});

describe("the built server, copied the way the Dockerfile copies it", () => {
  const copy = mkdtempSync(join(tmpdir(), "encore-image-"));
  let database: TestDatabase | undefined;
  let server: Awaited<ReturnType<typeof serve>> | undefined;

  beforeAll(async () => {
    for (const { from, to } of runtimeCopies(stages)) {
      const source = join(projectRoot, from);
      if (!existsSync(source))
        throw new Error(`The Dockerfile copies ${from}, which is missing: run npm run build first`);
      mkdirSync(dirname(join(copy, to)), { recursive: true });
      cpSync(source, join(copy, to), { recursive: true });
    }
    if (!install) throw new Error("The runtime stage installs nothing with npm ci");
    // The Dockerfile's own command; --prefer-offline only takes the packages from npm's cache,
    // filled by the `npm ci` that CI ran before the tests, when they are there.
    const installed = spawnSync(`${install} --prefer-offline`, {
      cwd: copy,
      shell: true,
      encoding: "utf8",
      env: { ...process.env, ...runtimeEnv },
    });
    if (installed.status !== 0) throw new Error(`${install} failed:\n${installed.stderr}`);

    const dataDir = join(copy, "data");
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: "0",
      DEMO_DATA: "false",
    };
    if (process.env.TEST_DATABASE_URL) {
      // As in production: PostgreSQL, this copy's own database (a clone of the seeded template).
      database = await createTestDatabase("postgres");
      env.DATABASE_URL = database.url as string;
    } else {
      // The embedded database in DATA_DIR, filled from the run's seeded template.
      const template = new Blob([readFileSync(inject("pgliteTemplate"))]);
      mkdirSync(dataDir);
      await (
        await PGlite.create({
          dataDir: join(dataDir, "pgdata"),
          loadDataDir: template,
          extensions: PGLITE_EXTENSIONS,
        })
      ).close();
    }
    server = await serve(copy, env);
  }, 180_000);

  afterAll(async () => {
    server?.child.kill("SIGKILL");
    await database?.drop();
    rmSync(copy, { recursive: true, force: true });
  });

  it("holds production dependencies only", () => {
    expect(existsSync(join(copy, "node_modules/react-router/package.json"))).toBe(true);
    for (const devOnly of ["vite", "@react-router/dev", "esbuild", "vitest", "@biomejs/biome"])
      expect(existsSync(join(copy, "node_modules", devOnly)), devOnly).toBe(false);
  });

  it("serves the home page with its scripts, a product page, the API and its document", async () => {
    const url = server?.url as string;
    const home = await fetch(`${url}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('<html lang="en-GB"');
    // Named in the loader that fetches the page's scripts after its first paint (decision 0028).
    const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${url}${script}`)).status).toBe(200);

    const products = await fetch(`${url}/api/products`);
    expect(products.status).toBe(200);
    const { data } = (await products.json()) as { data: { slug: string }[] };
    const product = data[0];
    expect(product).toBeDefined();
    const page = await fetch(`${url}/products/${product?.slug}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`/products/${product?.slug}"`);

    const legal = await fetch(`${url}/legal/cookie-policy`);
    expect(legal.status).toBe(200);

    const document = await fetch(`${url}/api/openapi.json`);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);

    // The image's HEALTHCHECK asks the first; an orchestrator's readiness probe the second.
    const health = await fetch(`${url}/api/health`);
    expect(await health.json()).toEqual({ data: { status: "ok" } });
    const ready = await fetch(`${url}/api/ready`);
    expect(await ready.json()).toEqual({ data: { status: "ready" } });
  });
});
