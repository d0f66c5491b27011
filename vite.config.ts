import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";

const SHELL_ROUTES = [/\/app\/root\.tsx$/, /\/app\/routes\/layouts\/default\.tsx$/];

/**
 * The storefront shell's own small modules (what the root and the shop layout import, not
 * React or what loads later) go in one chunk. Left to themselves they were some twenty files of
 * 1–2 KB, each a request a phone waits on before its first paint (issue 16's Lighthouse runs).
 */
function shellChunk(id: string, { getModuleInfo }: Rollup.ManualChunkMeta) {
  if (id.startsWith("\0")) return undefined;
  const seen = new Set<string>();
  const inShell = (moduleId: string): boolean => {
    if (seen.has(moduleId)) return false;
    seen.add(moduleId);
    // Only static importers count: what a shell module imports on demand stays its own chunk.
    return (getModuleInfo(moduleId)?.importers ?? []).some(
      (importer) => SHELL_ROUTES.some((route) => route.test(importer)) || inShell(importer),
    );
  };
  if (SHELL_ROUTES.some((route) => route.test(id)) || !inShell(id)) return undefined;
  // Libraries apart from the shop's own code, so a change to one leaves the other cached.
  return id.includes("/node_modules/") ? "shell-libraries" : "shell";
}

/** React Router's server build, the SSR build's one input as its plugin sets it. */
const SERVER_BUILD = "virtual:react-router/server-build";

/**
 * The server's own entry, `server/main.ts`, is built with the app's SSR build as its second entry
 * (`build/server/main.js` beside React Router's `build/server/index.js`), so the services both
 * import are one set of shared chunks: one copy of their code in memory and one instance of each
 * module's state (decision 0001). The browser's shell grouping does not apply to the server.
 */
function serverEntry(): Plugin {
  return {
    name: "encore:server-entry",
    applyToEnvironment: (environment) => environment.name === "ssr",
    options(options) {
      // React Router's child compiler, which only reads the route modules, has other inputs.
      if (options.input !== SERVER_BUILD) return options;
      return { ...options, input: { index: SERVER_BUILD, main: "./server/main.ts" } };
    },
    outputOptions(output) {
      return {
        ...output,
        manualChunks: undefined,
        sourcemap: true,
        entryFileNames: (chunk) => (chunk.name === "main" ? "main.js" : "index.js"),
      };
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), serverEntry()],
  resolve: { alias: { "~": new URL("./app", import.meta.url).pathname } },
  build: {
    assetsInlineLimit: 0,
    // The server's build drops it (serverEntry).
    rollupOptions: { output: { manualChunks: shellChunk } },
  },
});
