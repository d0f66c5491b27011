// Page weight: the JS and CSS a page makes the browser fetch before it is interactive, counted
// as transferred with gzip (what a shopper's connection carries).
import { gunzipSync } from "node:zlib";
import { get } from "./http-get.mjs";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const LINK = /<link\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;
// `import … from "/assets/x.js"`, `import "/assets/x.js"` and `import("/assets/x.js")` in an
// inline module script: React Router imports the route modules that way.
const INLINE_IMPORT = /\bimport\b[^"';]*?["'](\/assets\/[^"']+)["']/g;
// The shop's loader (decision 0028), a classic inline script, adds once the page has painted
// the module preloads it is called with (its first argument, an array of paths) and React
// Router's inline module, whose text the page keeps in an element of this type (decision 0035).
const LOADER_PRELOADS = /\((\[(?:"\/assets\/[^"]+",?)*\]),/;
const KEPT_MODULE_TYPE = "text/x-module-after-paint";

function attributesOf(source) {
  const attributes = new Map();
  for (const [, name, ...values] of source.matchAll(ATTRIBUTE)) {
    const value = values.find((candidate) => candidate !== undefined) ?? "";
    if (name) attributes.set(name.toLowerCase(), value.replaceAll("&amp;", "&"));
  }
  return attributes;
}

/** Keeps only this site's /assets/ files, as paths. */
function assetPath(reference, origin) {
  try {
    const url = new URL(reference, origin);
    return url.origin === origin && url.pathname.startsWith("/assets/")
      ? url.pathname + url.search
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The /assets/ files a page's HTML asks for: `<script src>`, `<link rel="modulepreload">`,
 * `<link rel="stylesheet">`, the inline module script's imports and the scripts an inline
 * loader names, without duplicates.
 * @returns {{ path: string, kind: "js" | "css" }[]}
 */
export function assetsOfPage(html, origin) {
  const found = new Map();
  const add = (reference, kind) => {
    const path = assetPath(reference, origin);
    if (path && !found.has(path)) found.set(path, kind);
  };
  for (const [, attributeSource = "", content = ""] of html.matchAll(SCRIPT)) {
    const attributes = attributesOf(attributeSource);
    const src = attributes.get("src");
    if (src) add(src, "js");
    else if (attributes.get("type") === "module" || attributes.get("type") === KEPT_MODULE_TYPE) {
      for (const [, specifier = ""] of content.matchAll(INLINE_IMPORT)) add(specifier, "js");
    } else if (!attributes.has("type")) {
      for (const path of JSON.parse(LOADER_PRELOADS.exec(content)?.[1] ?? "[]")) add(path, "js");
      const moduleSource = content.replaceAll('\\"', '"');
      for (const [, specifier = ""] of moduleSource.matchAll(INLINE_IMPORT)) add(specifier, "js");
    }
  }
  for (const [, attributeSource = ""] of html.matchAll(LINK)) {
    const attributes = attributesOf(attributeSource);
    const rel = (attributes.get("rel") ?? "").toLowerCase().split(/\s+/);
    const href = attributes.get("href");
    if (!href) continue;
    if (rel.includes("modulepreload")) add(href, "js");
    else if (rel.includes("stylesheet")) add(href, "css");
  }
  return [...found].map(([path, kind]) => ({ path, kind }));
}

/**
 * Fetches `path` from `base`, then every asset it references with `Accept-Encoding: gzip`, and
 * sums the bytes transferred (body bytes as sent, headers not counted) per kind.
 */
export async function pageWeight(base, path) {
  const origin = new URL(base).origin;
  const page = await get(new URL(path, base).href, { "accept-encoding": "gzip" });
  if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
  const html =
    page.headers["content-encoding"] === "gzip"
      ? gunzipSync(page.body).toString("utf8")
      : page.body.toString("utf8");
  const files = [];
  for (const asset of assetsOfPage(html, origin)) {
    const response = await get(new URL(asset.path, base).href, { "accept-encoding": "gzip" });
    files.push({
      ...asset,
      status: response.status,
      encoding: response.headers["content-encoding"] ?? "identity",
      bytes: response.body.length,
    });
  }
  const total = (kind) =>
    files.filter((file) => file.kind === kind).reduce((sum, file) => sum + file.bytes, 0);
  return {
    path,
    htmlBytes: page.body.length,
    htmlEncoding: page.headers["content-encoding"] ?? "identity",
    jsBytes: total("js"),
    cssBytes: total("css"),
    files,
  };
}
