import { describe, expect, it } from "vitest";
import { gotoHydrated, openSession } from "./support/browser.ts";
import { shopUnderTest } from "./support/shop.ts";

const shop = shopUnderTest();

describe("typography (decision 0020)", () => {
  it("sets the body in the system font and the headings in the preloaded, self-hosted display face", async () => {
    const session = await openSession(shop.browser, shop.app.url);
    const { page } = session;
    await gotoHydrated(page, "/spotlight");
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      const family = (selector: string) =>
        getComputedStyle(document.querySelector(selector) as Element).fontFamily;
      return {
        body: family("body"),
        heading: family("h1"),
        faces: [...document.fonts].map((face) => `${face.family} ${face.status}`),
        preloaded: [
          ...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="font"]'),
        ].map((link) => new URL(link.href).pathname),
      };
    });
    // No face is named that the shop does not ship: the body asks for the device's own.
    expect(fonts.body.split(",")[0]).toBe("system-ui");
    expect(fonts.body).not.toMatch(/Inter/);
    expect(fonts.heading.split(",")[0]?.replaceAll('"', "")).toBe("Archivo Black");
    expect(fonts.faces).toContain("Archivo Black loaded");
    expect(fonts.preloaded).toEqual([
      expect.stringMatching(/^\/assets\/archivo-black-latin-400-normal-.+\.woff2$/),
    ]);
    await session.expectNoErrors();
    await session.close();
  });
});
