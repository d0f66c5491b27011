import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";
import { defineRoute } from "../http/route-table.ts";
import { clientBuildFolder } from "../paths.ts";

/**
 * The reference page's script: `@scalar/api-reference`'s browser bundle, which
 * `scripts/build-assets.mjs` copies into the built assets under a name carrying its content hash
 * (served immutable, like the shop's own scripts; production installs no devDependencies).
 */
const SCALAR_ASSET = /^scalar-[0-9a-f]{16}\.js$/;

/** The built script's address in `assetsFolder`; undefined before `npm run build`. */
export function scalarScriptIn(assetsFolder: string): string | undefined {
  let names: string[];
  try {
    names = readdirSync(assetsFolder);
  } catch {
    return undefined;
  }
  const name = names.find((each) => SCALAR_ASSET.test(each));
  return name && `/assets/${name}`;
}

let scalarScript: string | undefined;

/** This build's script, found once it exists. */
const builtScalarScript = () =>
  (scalarScript ??= scalarScriptIn(join(clientBuildFolder, "assets")));

// Scalar's defaults reach its own servers (fonts, telemetry, its AI agent): the shop's CSP
// allows no other origin, and the reference needs none of them.
const SCALAR_CONFIGURATION = {
  url: "/api/openapi.json",
  withDefaultFonts: false,
  showDeveloperTools: "never",
  agent: { disabled: true },
  telemetry: false,
};

const escapeForScript = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

function page(nonce: string, script: string): string {
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Encore API</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
</head>
<body>
<!-- Not "api-reference": the bundle would mount a second, unconfigured reference there. -->
<main id="reference"></main>
<script src="${script}"></script>
<script nonce="${nonce}">Scalar.createApiReference("#reference", ${escapeForScript(SCALAR_CONFIGURATION)});</script>
</body>
</html>
`;
}

/**
 * GET /api/docs: the interactive reference (Scalar) over /api/openapi.json, under the shop's
 * CSP: its one inline script carries the request's nonce.
 */
export const docsPage = defineRoute({
  method: "get",
  path: "/docs",
  tag: "platform",
  summary: "This API's interactive reference page (HTML)",
  answers: { file: ["text/html"], description: "The reference page." },
  handle: (c) => docsPageAnswer(c, builtScalarScript()),
});

/** The reference page, or 503 while the build that makes its script has not run. */
export function docsPageAnswer(c: Context<AppEnv>, script: string | undefined): Response {
  if (!script) {
    return c.text("The reference page's script is made by `npm run build`.", 503, {
      "Retry-After": "60",
    });
  }
  return c.html(page(c.get("nonce"), script), 200, { "Cache-Control": "no-cache" });
}
