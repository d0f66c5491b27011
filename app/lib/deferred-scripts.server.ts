import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { afterFirstPaint } from "../client/after-first-paint";

// What React Router's <Scripts> writes: a module preload per script the page starts with, and
// one inline module that imports the route modules and then the entry.
const MODULE_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const INLINE_MODULE = /<script\b([^>]*)\btype="module"[^>]*>([\s\S]*?)<\/script>/;
const HREF = /\bhref="([^"]*)"/;
const NONCE = /\bnonce="([^"]*)"/;
/**
 * The type of the element that keeps React Router's inline module in the page, where nothing
 * runs it, for the loader to run later: the module's text is then in the page, so a kept page's
 * policy can allow it by its hash (docs/decisions/0035), as it allows the page's other scripts.
 */
export const DEFERRED_MODULE_TYPE = "text/x-module-after-paint";

/**
 * Runs in the page, from its source text (so it names nothing outside itself): once the page's
 * priority images (its LCP candidates, `fetchpriority="high"`) have come and the page has painted,
 * fetches the scripts the server named and runs React Router's inline module. A failed image
 * counts as come: the page is as complete as it will be; one still loading after 3 s (a phone on a
 * poor signal) is waited for no longer, as the page must not stay without its scripts for it.
 */
function loadScriptsAfterFirstPaint(
  modulePreloads: string[],
  moduleSource: string,
  nonce: string,
  afterPaint: typeof afterFirstPaint,
): void {
  // Each preload, then the module, in a task of its own, in that order: starting a fetch costs
  // the main thread some 5–10 ms on a phone-speed CPU, and a dozen of them with the module in
  // one task made a long task of 100–250 ms (issue 29).
  const loadScripts = () => {
    for (const href of modulePreloads) {
      setTimeout(() => {
        const link = document.createElement("link");
        link.rel = "modulepreload";
        link.href = href;
        document.head.append(link);
      }, 0);
    }
    setTimeout(() => {
      const script = document.createElement("script");
      script.type = "module";
      script.nonce = nonce;
      script.text = moduleSource;
      document.body.append(script);
    }, 0);
  };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    afterPaint(loadScripts);
  };
  const images = [...document.querySelectorAll("img[fetchpriority=high]")] as HTMLImageElement[];
  let stillLoading = images.filter((image) => !image.complete).length;
  if (stillLoading === 0) {
    start();
    return;
  }
  setTimeout(start, 3000);
  const oneCame = () => {
    stillLoading -= 1;
    if (stillLoading === 0) start();
  };
  for (const image of images) {
    if (image.complete) continue;
    image.addEventListener("load", oneCame, { once: true });
    image.addEventListener("error", oneCame, { once: true });
  }
}

/** A value as a JavaScript literal that cannot end the `<script>` it is written in. */
const scriptLiteral = (value: unknown) => JSON.stringify(value).replaceAll("<", "\\u003c");

/**
 * Issue 16: the module preloads and the inline module's static imports start every script of
 * the page (React, React Router, the routes: some 120 KB) before its first paint, on the same
 * slow connection as the stylesheet and the LCP image. This takes the preloads out of the HTML,
 * keeps the module's text in an element nothing runs (`DEFERRED_MODULE_TYPE`), and puts after
 * it a classic inline script, with the same nonce, that adds the preloads and runs that text as
 * a module once the priority images have come and the page has painted
 * (`loadScriptsAfterFirstPaint`). Returns null when `html` holds no inline module yet.
 */
export function deferModuleScripts(html: string): string | null {
  const module = INLINE_MODULE.exec(html);
  if (!module) return null;
  const [tag, attributes, moduleSource] = module;
  const nonce = NONCE.exec(attributes ?? "")?.[1];
  const before = html.slice(0, module.index);
  const modulePreloads = [...before.matchAll(MODULE_PRELOAD)].flatMap(
    ([link]) => HREF.exec(link)?.[1] ?? [],
  );
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  // The module's text as React Router wrote it, in an element of a type no browser runs.
  const kept = `<script${nonceAttribute} type="${DEFERRED_MODULE_TYPE}">${moduleSource}</script>`;
  const loader = `(${loadScriptsAfterFirstPaint})(${scriptLiteral(modulePreloads)},document.currentScript.previousElementSibling.text,document.currentScript.nonce,${afterFirstPaint});`;
  return `${before.replaceAll(MODULE_PRELOAD, "")}${kept}<script${nonceAttribute}>${loader}</script>${html.slice(module.index + tag.length)}`;
}

/**
 * A pass-through for the streamed document that applies `deferModuleScripts`: it holds the
 * document back until React Router's inline module has been written (the end of the shell,
 * which React writes in one turn), then hands on the rewritten text and everything after as is.
 */
export function deferredModuleScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  let rewritten = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // Decoded throughout: a chunk may end inside a character that the next one completes.
      if (rewritten) {
        callback(null, decoder.write(chunk));
        return;
      }
      held += decoder.write(chunk);
      const deferred = deferModuleScripts(held);
      if (deferred === null) {
        callback();
        return;
      }
      rewritten = true;
      held = "";
      callback(null, deferred);
    },
    flush(callback) {
      // A document without React Router's scripts goes out as it was written.
      const rest = held + decoder.end();
      callback(null, rest.length > 0 ? rest : undefined);
    },
  });
}
