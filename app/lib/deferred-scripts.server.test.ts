import { once } from "node:events";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import {
  DEFERRED_MODULE_TYPE,
  deferModuleScripts,
  deferredModuleScripts,
} from "./deferred-scripts.server";

// The shape of what React Router's <Scripts> writes into a page.
const head =
  '<head><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="n0nce"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n0nce"/></head>';
const moduleSource =
  ';\nimport * as route0 from "/assets/root.js";\n' +
  'window.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client.js");' +
  '\nwindow.note = "</p>";';
const contextScript = '<script nonce="n0nce">window.__reactRouterContext = {};</script>';
const page = `<!DOCTYPE html><html>${head}<body><main>Shop</main>${contextScript}<script nonce="n0nce" type="module" async="">${moduleSource}</script><script nonce="n0nce">window.__reactRouterContext.streamController.close();</script></body></html>`;

/** The inline loader `deferModuleScripts` wrote into `html`. */
function loaderOf(html: string): string {
  const loader = /<script nonce="n0nce">(\(function[\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!loader) throw new Error("no loader in the page");
  return loader;
}

/** The text of the element that keeps the module in `html`, which nothing runs. */
function keptModuleOf(html: string): string {
  const opening = `<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}">`;
  const start = html.indexOf(opening);
  if (start === -1) throw new Error("no kept module in the page");
  return html.slice(start + opening.length, html.indexOf("</script>", start));
}

type Added = {
  tag: string;
  rel?: string;
  href?: string;
  type?: string;
  nonce?: string;
  text?: string;
};

/** An `<img fetchpriority="high">` whose load the test drives. */
function priorityImage(complete: boolean) {
  const listeners: Record<string, () => void> = {};
  return {
    complete,
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = listener;
    },
    fire: (type: "load" | "error") => listeners[type]?.(),
  };
}

/** Runs the loader in a page whose frames, timers and priority images the test drives. */
function runLoader(
  html: string,
  visibilityState: "visible" | "hidden",
  images: ReturnType<typeof priorityImage>[] = [],
) {
  const loader = loaderOf(html);
  const added: Added[] = [];
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  const createElement = (tag: string) => ({ tag }) as Added;
  const page = {
    document: {
      visibilityState,
      // The loader's own element, right after the one that keeps the module's text.
      currentScript: { nonce: "n0nce", previousElementSibling: { text: keptModuleOf(html) } },
      createElement,
      querySelectorAll: (selector: string) =>
        selector === "img[fetchpriority=high]" ? images : [],
      head: { append: (element: Added) => added.push(element) },
      body: { append: (element: Added) => added.push(element) },
      addEventListener: () => {},
      removeEventListener: () => {},
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
  };
  runInNewContext(loader, { ...page, window: page });
  const paint = () => {
    for (const frame of frames.splice(0)) frame();
    runTimers();
  };
  // Timers set by timers run too, after those set before them, as the browser runs them.
  const runTimers = () => {
    while (timers.length > 0) for (const timer of timers.splice(0)) timer();
  };
  return { added, frames, timers, paint, runTimers };
}

describe("deferModuleScripts", () => {
  const deferred = deferModuleScripts(page) ?? "";

  it("takes the module preloads and the inline module out of the page", () => {
    expect(deferred).not.toContain('rel="modulepreload"');
    expect(deferred).not.toContain('type="module"');
  });

  it("keeps the module's text as written, where nothing runs it, right before the loader", () => {
    expect(keptModuleOf(deferred)).toBe(moduleSource);
    expect(deferred).toContain(
      `<script nonce="n0nce" type="${DEFERRED_MODULE_TYPE}">${moduleSource}</script><script nonce="n0nce">(function`,
    );
  });

  it("keeps everything else as it was, in its place", () => {
    expect(deferred).toContain('<head><link rel="stylesheet" href="/assets/app.css"/></head>');
    expect(deferred).toContain(`<main>Shop</main>${contextScript}<script nonce="n0nce" type=`);
    expect(deferred).toMatch(
      /<\/script><script nonce="n0nce">window.__reactRouterContext.streamController.close\(\);<\/script><\/body><\/html>$/,
    );
  });

  it("writes a loader with the module's nonce, in which nothing can end the script early", () => {
    const loader = loaderOf(deferred);
    expect(loader).not.toContain("</");
    expect(loader).toContain("document.currentScript.nonce");
    expect(loader).toContain("document.currentScript.previousElementSibling.text");
  });

  it("has the loader add the preloads and the module, with the nonce, once the page has painted", () => {
    const { added, frames, runTimers } = runLoader(deferred, "visible");
    expect(added).toEqual([]);
    for (const frame of frames) frame();
    expect(added).toEqual([]);
    runTimers();
    expect(added).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/entry.client.js" },
      { tag: "link", rel: "modulepreload", href: "/assets/root.js" },
      { tag: "script", type: "module", nonce: "n0nce", text: moduleSource },
    ]);
  });

  it("has the loader add each preload, then the module, in a task of its own", () => {
    const { added, frames, timers } = runLoader(deferred, "visible");
    for (const frame of frames.splice(0)) frame();
    for (const timer of timers.splice(0)) timer();
    expect(timers).toHaveLength(3);
    for (const [index, timer] of timers.splice(0).entries()) {
      timer();
      expect(added).toHaveLength(index + 1);
    }
    expect(added.map(({ tag }) => tag)).toEqual(["link", "link", "script"]);
  });

  it("has the loader wait for the priority images, come or failed, before it waits for a paint", () => {
    const images = [priorityImage(false), priorityImage(true), priorityImage(false)];
    const { added, frames, paint } = runLoader(deferred, "visible", images);
    images[0]?.fire("load");
    expect(frames).toEqual([]);
    images[2]?.fire("error");
    expect(frames).toHaveLength(1);
    expect(added).toEqual([]);
    paint();
    expect(added.map(({ tag }) => tag)).toEqual(["link", "link", "script"]);
  });

  it("has the loader wait no longer than its timer for a priority image that does not come", () => {
    const images = [priorityImage(false)];
    const { added, frames, timers, paint } = runLoader(deferred, "visible", images);
    expect(frames).toEqual([]);
    expect(timers).toHaveLength(1);
    for (const timer of timers.splice(0)) timer();
    expect(frames).toHaveLength(1);
    paint();
    expect(added.map(({ tag }) => tag)).toEqual(["link", "link", "script"]);
    // The image that comes at last starts nothing a second time.
    images[0]?.fire("load");
    paint();
    expect(added).toHaveLength(3);
  });

  it("has the loader add them at once in a hidden tab, which paints no frames", () => {
    const { added, frames, runTimers } = runLoader(deferred, "hidden");
    runTimers();
    expect(frames).toEqual([]);
    expect(added.map(({ tag }) => tag)).toEqual(["link", "link", "script"]);
  });

  it("answers null while the inline module has not been written whole", () => {
    expect(deferModuleScripts(page.slice(0, page.indexOf("import(")))).toBeNull();
    expect(deferModuleScripts(head)).toBeNull();
  });
});

describe("deferredModuleScripts", () => {
  const written = async (pieces: Buffer[]) => {
    const stream = deferredModuleScripts();
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    for (const piece of pieces) stream.write(piece);
    stream.end();
    await once(stream, "end");
    return Buffer.concat(chunks).toString();
  };

  it("rewrites a page written in pieces, one splitting a character, as it does the whole", async () => {
    const withPound = page.replace("Shop", "Shop £20");
    const bytes = Buffer.from(withPound);
    const cut = bytes.indexOf(Buffer.from("£")) + 1;
    const tail = bytes.indexOf(Buffer.from("streamController.close")) + 1;
    const pieces = [bytes.subarray(0, 40), bytes.subarray(40, cut), bytes.subarray(cut, tail)];
    expect(await written([...pieces, bytes.subarray(tail)])).toBe(deferModuleScripts(withPound));
  });

  it("hands on a document without React Router's scripts as it was written", async () => {
    const error = "<!DOCTYPE html><html><body><p>Sorry £</p></body></html>";
    const bytes = Buffer.from(error);
    expect(await written([bytes.subarray(0, 33), bytes.subarray(33)])).toBe(error);
  });
});
