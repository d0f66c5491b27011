// After `react-router build` (which also builds the server, `server/main.ts`, as the SSR build's
// second entry: vite.config.ts): adds the API reference page's script to the browser assets and
// precompresses them (brotli and gzip) so they are served without compressing per request.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));

// The API reference page's script (server/platform/docs-page.ts), a devDependency: copied into
// the assets under its content hash, so production needs no Scalar package and no CDN.
const scalar = readFileSync(
  join(root, "node_modules/@scalar/api-reference/dist/browser/standalone.js"),
);
const scalarHash = createHash("sha256").update(scalar).digest("hex").slice(0, 16);
writeFileSync(join(root, `build/client/assets/scalar-${scalarHash}.js`), scalar);

const compressible = /\.(js|css|svg|json|txt|webmanifest|map)$/;
function* walk(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* walk(path);
    else yield path;
  }
}
for (const file of walk(join(root, "build/client"))) {
  if (!compressible.test(file)) continue;
  const content = readFileSync(file);
  if (content.length < 512) continue;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
}
