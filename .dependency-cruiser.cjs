// Import rules that `npm run lint` checks (decision record 0008, docs/architecture.md §9). Each
// rule names the section of docs/architecture.md it enforces; a violation prints the rule's name,
// the importing file and the import.

/** Tests may reach anything: they set up databases and check one module through another. */
const TEST_FILE = "(\\.test\\.tsx?|/test-helpers\\.ts)$";
const TEST_AREAS = "^(tests|e2e)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "server-not-to-app",
      severity: "error",
      comment:
        "architecture.md §2: server/ is the domain and HTTP; app/ is the UI that calls it. The " +
        "server never imports the UI, so each can be built and reasoned about alone. Shared code " +
        "without either side's runtime goes to common/.",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "app-to-server-only-from-server-files",
      severity: "error",
      comment:
        "architecture.md §7.5: code under app/ that touches the server is named *.server.ts(x), " +
        "so a browser import fails the build instead of leaking server code (or its types' " +
        "modules) into the bundle. Route loaders call an app/lib/*.server.ts helper; components " +
        "import types from common/.",
      from: { path: "^app/", pathNot: [TEST_FILE, "\\.server\\.tsx?$"] },
      to: { path: "^server/" },
    },
    {
      name: "common-is-neutral",
      severity: "error",
      comment:
        "architecture.md §2: common/ holds types and plain values that both app/ and server/ " +
        "use; it imports neither, or it would drag one side's runtime into the other.",
      from: { path: "^common/" },
      to: { path: "^(app|server)/" },
    },
    {
      name: "no-test-support-in-production-code",
      severity: "error",
      comment: "architecture.md §2: tests/ is shared test support only; the shop never runs it.",
      from: { path: "^(app|server|common)/", pathNot: TEST_FILE },
      to: { path: TEST_AREAS },
    },
    {
      name: "no-other-modules-tables",
      severity: "error",
      comment:
        "architecture.md §7.3: modules call each other's services, never each other's tables, so " +
        "a module can change its tables without breaking another. Read another module's data " +
        "through a function or read-only view its service exports. Exempt: a schema.ts naming " +
        "another module's table in a foreign key (§7.3 allows those), server/db/ (schema " +
        "aggregate, migrations, seed) and tests.",
      from: {
        path: "^server/([^/]+)/",
        pathNot: ["^server/db/", "^server/[^/]+/schema\\.ts$", TEST_FILE],
      },
      to: { path: "^server/[^/]+/schema\\.ts$", pathNot: "^server/$1/schema\\.ts$" },
    },
    {
      name: "only-through-module-index",
      severity: "error",
      comment:
        "architecture.md §6: a module's public surface is its index.ts; another module imports " +
        "only that, so everything else in the folder can change without breaking a neighbour. " +
        "Exempt: server/http/ and server/db/ (the plumbing every module builds on: open both " +
        "ways, and naming the exact file keeps a barrel from pulling every module into them), " +
        "schema.ts (no-other-modules-tables governs tables), validators.ts (zod inputs other " +
        "modules compose at load time; through a barrel they could be read before they exist), " +
        "files directly in server/ (the composition root) and tests, which may reach a " +
        "module's internals.",
      from: { path: "^server/([^/]+)/", pathNot: ["^server/(http|db)/", TEST_FILE] },
      to: {
        path: "^server/[^/]+/",
        pathNot: [
          "^server/$1/",
          "^server/(http|db)/",
          "^server/[^/]+/(index|schema|validators)\\.ts$",
        ],
      },
    },
    {
      name: "no-cycles-between-server-modules",
      severity: "error",
      comment:
        "architecture.md §6: each server module is a unit a newcomer reads on its own; a cycle " +
        "that passes through another module (server/http/ and server/db/ count as modules) ties " +
        "them into one. Break it by moving the shared piece, often a type, to the module that " +
        "owns it. A cycle through a module's index.ts is not counted: every crossing goes " +
        "through one (only-through-module-index) and the modules already call each other both " +
        "ways (orders and catalog, checkout and orders), so such a cycle is the module graph, " +
        "not a file tangle; a top-level statement must not use a binding that came through an " +
        "index.ts (ESM evaluates a cycle in import order).",
      from: { path: "^server/([^/]+)/", pathNot: TEST_FILE },
      to: {
        circular: true,
        via: { pathNot: "^server/$1/" },
        viaOnly: { pathNot: "^server/[^/]+/index\\.ts$" },
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|data|public|coverage|test-results|\\.react-router)/" },
    // Type-only imports count: a type from server/ in a component is still a crossing.
    tsPreCompilationDeps: true,
    // Resolves the `~/*` alias; `.ts` extension imports resolve as files do.
    tsConfig: { fileName: "tsconfig.json" },
  },
};
