// Rules biome and dependency-cruiser cannot state, checked on the source text by `npm run lint`
// (issue 30): money and London time are formatted in one place each, so a page, a mail and a CSV
// write a price or a time the same way; a page runs an API route by the constant its module
// exports, so the route's types reach the page and a renamed path cannot break it at run time;
// staff writes reach the audit log only through commands; a new password is chosen in one field,
// so its rules and autocomplete read the same on every page that asks for one.
// Run: `node scripts/lint-rules.mjs`; exits 1 on a breach.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const SOURCE_DIRS = ["app", "server", "common"];
const SOURCE = /\.(ts|tsx|mjs)$/;
// Tests may write expected text by hand, and the generated API types quote descriptions.
const EXEMPT = /(\.test\.tsx?$|\.spec\.ts$|^common\/api\/schema\.d\.ts$)/;

/** @type {{ name: string, pattern: RegExp, allowedIn: string[], message: string }[]} */
export const RULES = [
  {
    name: "london-time-in-one-place",
    pattern: /timeZone:\s*["']Europe\/London["']/,
    allowedIn: ["common/london-time.ts"],
    message:
      "Format London times with common/london-time.ts (or londonDay in common/london-days.ts), not an Intl format of your own.",
  },
  {
    name: "money-in-one-place",
    pattern: /style:\s*["']currency["']|\/\s*100\)\.toFixed\(2\)/,
    allowedIn: ["common/money.ts"],
    message:
      "Format money with common/money.ts (formatPrice, penceAsPounds, formatWholePounds), not Intl or toFixed.",
  },
  {
    name: "audit-through-commands",
    pattern: /\brecordAudits?\(/,
    allowedIn: ["server/audit/service.ts", "server/http/command.ts"],
    message:
      "A staff write is a command (defineCommand in server/http/command.ts): record its audit entries with the trail it is given (audit.record), not recordAudits.",
  },
  {
    name: "route-by-constant",
    // The old finders by name, and a route's path compared with a path string or a `path`
    // argument (`.find((route) => route.path === "/brands")`): a lookup the types cannot follow.
    pattern:
      /\b(?:staffRoute|resourceRouteSet|routeByPath)\(|\.path\s*===\s*(?:["'`]\/|path\b)|["'`]\s*===\s*[\w.]+\.path\b/,
    allowedIn: [],
    message:
      "Run an API route by the constant its module exports (brandRoutes.list, generateVariantsRoute), not looked up by its path.",
  },
  {
    name: "new-password-in-one-place",
    pattern: /autoComplete=\{?\s*["'`]new-password["'`]/,
    allowedIn: ["app/components/new-password-field.tsx"],
    message:
      "Ask for a new password with NewPasswordField (app/components/new-password-field.tsx), not a field of your own.",
  },
];

/** Each breach of `rules` in the file at `path` (relative to the root) with text `text`. */
export function breaches(path, text, rules = RULES) {
  if (EXEMPT.test(path)) return [];
  const found = [];
  const lines = text.split("\n");
  for (const rule of rules) {
    if (rule.allowedIn.includes(path)) continue;
    lines.forEach((line, index) => {
      if (rule.pattern.test(line)) found.push({ rule, path, line: index + 1 });
    });
  }
  return found;
}

function* sourceFiles(dir) {
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const found = SOURCE_DIRS.flatMap((dir) =>
    [...sourceFiles(dir)].flatMap((path) =>
      breaches(relative(root, join(root, path)), readFileSync(join(root, path), "utf8")),
    ),
  );
  for (const { rule, path, line } of found)
    console.error(`${path}:${line}  ${rule.name}: ${rule.message}`);
  if (found.length > 0) {
    console.error(
      `${found.length} breach${found.length === 1 ? "" : "es"} of scripts/lint-rules.mjs`,
    );
    process.exit(1);
  }
}
