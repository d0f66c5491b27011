import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProductView, VariantView } from "../../common/catalog";
import {
  absoluteUrl,
  breadcrumbJsonLd,
  canonicalLink,
  organizationJsonLd,
  plainText,
  poundsText,
  productJsonLd,
  robotsNoindex,
  socialMeta,
} from "./seo";

const SHOP = "https://shop.example";

const variant = (
  values: Partial<VariantView> & Pick<VariantView, "id" | "price">,
): VariantView => ({
  sku: `SKU-${values.id}`,
  compareAtPrice: null,
  inStock: true,
  stockLeft: null,
  attributes: [],
  ...values,
});

const product = (values: Partial<ProductView> = {}): ProductView => ({
  id: 42,
  slug: "nebulous-skies-tour-tee",
  title: "Nebulous Skies Tour Tee",
  productType: "T-shirt",
  brand: { id: 7, slug: "zephyr-quarry", title: "Zephyr Quarry" },
  priceFrom: 2500,
  priceTo: 2799,
  compareAtPrice: null,
  inStock: true,
  stockLeft: null,
  preOrder: false,
  releaseDate: null,
  image: null,
  description: "<p>Soft <strong>organic</strong> cotton &amp; a back print.</p><p>Unisex fit.</p>",
  billing: null,
  billingNote: null,
  tags: [],
  seoTitle: null,
  seoDescription: null,
  attributeTypes: [],
  mediaFiles: [],
  variants: [
    variant({ id: 1, sku: "ZQ-TEE-M", price: 2500, inStock: false }),
    variant({ id: 2, sku: "ZQ-TEE-L", price: 2799, inStock: true }),
  ],
  ...values,
});

const URL_OF = `${SHOP}/products/nebulous-skies-tour-tee`;

describe("canonicalLink", () => {
  it("is absolute on the public URL and drops the query", () => {
    expect(canonicalLink(SHOP, "/products", "?sort=price-asc&brand=zephyr-quarry")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: `${SHOP}/products`,
    });
    expect(canonicalLink(`${SHOP}/`, "/").href).toBe(`${SHOP}/`);
  });

  it("keeps a collection, which is a listing of its own", () => {
    expect(canonicalLink(SHOP, "/products", "?collection=on-sale&sort=title&page=2").href).toBe(
      `${SHOP}/products?collection=on-sale&page=2`,
    );
    expect(canonicalLink(SHOP, "/products", "?collection=%3Cscript%3E").href).toBe(
      `${SHOP}/products`,
    );
  });

  it("keeps only a page past the first", () => {
    expect(canonicalLink(SHOP, "/products", "?page=3&sort=title").href).toBe(
      `${SHOP}/products?page=3`,
    );
    expect(canonicalLink(SHOP, "/products", new URLSearchParams({ page: "1" })).href).toBe(
      `${SHOP}/products`,
    );
    expect(canonicalLink(SHOP, "/products", "?page=02").href).toBe(`${SHOP}/products?page=2`);
    for (const page of ["0", "-2", "abc", "2.5", "9999999"]) {
      expect(canonicalLink(SHOP, "/products", `?page=${page}`).href).toBe(`${SHOP}/products`);
    }
  });

  it("never lets a path change the host", () => {
    expect(canonicalLink(SHOP, "//evil.example/x").href).toBe(`${SHOP}/evil.example/x`);
    expect(absoluteUrl(SHOP, "/\\evil.example")).toBe(`${SHOP}/evil.example`);
  });
});

describe("socialMeta", () => {
  it("gives Open Graph and Twitter card tags", () => {
    const tags = socialMeta({
      title: "Nebulous Skies Tour Tee",
      description: "Soft organic cotton.",
      url: URL_OF,
      image: `${SHOP}/api/file/abc.webp?w=1200`,
      type: "product",
    });
    expect(tags).toEqual([
      { property: "og:site_name", content: "Encore" },
      { property: "og:locale", content: "en_GB" },
      { property: "og:type", content: "product" },
      { property: "og:title", content: "Nebulous Skies Tour Tee" },
      { property: "og:description", content: "Soft organic cotton." },
      { property: "og:url", content: URL_OF },
      { property: "og:image", content: `${SHOP}/api/file/abc.webp?w=1200` },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: "Nebulous Skies Tour Tee" },
      { name: "twitter:description", content: "Soft organic cotton." },
      { name: "twitter:image", content: `${SHOP}/api/file/abc.webp?w=1200` },
    ]);
  });

  it("leaves the image tags out when there is no image", () => {
    const tags = socialMeta({
      title: "Bands",
      description: "d",
      url: `${SHOP}/bands`,
      type: "website",
    });
    expect(tags.map((tag) => ("property" in tag ? tag.property : tag.name))).not.toContain(
      "og:image",
    );
    expect(tags).not.toContainEqual(expect.objectContaining({ name: "twitter:image" }));
  });
});

describe("robotsNoindex", () => {
  it("keeps a page out of search results", () => {
    expect(robotsNoindex()).toEqual({ name: "robots", content: "noindex, nofollow" });
  });
});

describe("productJsonLd", () => {
  it("describes the product with an AggregateOffer over its variants", () => {
    expect(productJsonLd(product(), URL_OF, `${SHOP}/api/file/abc.webp?w=1200`)).toEqual({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Product",
        name: "Nebulous Skies Tour Tee",
        url: URL_OF,
        description: "Soft organic cotton & a back print. Unisex fit.",
        sku: "ZQ-TEE-M",
        image: [`${SHOP}/api/file/abc.webp?w=1200`],
        brand: { "@type": "Brand", name: "Zephyr Quarry" },
        category: "T-shirt",
        offers: {
          "@type": "AggregateOffer",
          url: URL_OF,
          lowPrice: "25.00",
          highPrice: "27.99",
          priceCurrency: "GBP",
          offerCount: 2,
          availability: "https://schema.org/InStock",
        },
      },
    });
  });

  it("uses one Offer for one variant, out of stock or on pre-order", () => {
    const single = product({ variants: [variant({ id: 1, price: 1500, inStock: false })] });
    expect(productJsonLd(single, URL_OF)["script:ld+json"].offers).toEqual({
      "@type": "Offer",
      url: URL_OF,
      price: "15.00",
      priceCurrency: "GBP",
      availability: "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
    });
    const preOrder = productJsonLd({ ...single, preOrder: true }, URL_OF)["script:ld+json"];
    expect(preOrder.offers).toMatchObject({ availability: "https://schema.org/PreOrder" });
    expect(preOrder.image).toBeUndefined();
  });

  it("is out of stock when no variant is in stock, and has no offers without variants", () => {
    const soldOut = product({
      variants: [
        variant({ id: 1, price: 2500, inStock: false }),
        variant({ id: 2, price: 2500, inStock: false }),
      ],
    });
    expect(productJsonLd(soldOut, URL_OF)["script:ld+json"].offers).toMatchObject({
      "@type": "AggregateOffer",
      availability: "https://schema.org/OutOfStock",
    });
    const none = productJsonLd(product({ variants: [], description: "" }), URL_OF);
    expect(none["script:ld+json"]).not.toHaveProperty("offers");
    expect(none["script:ld+json"]).not.toHaveProperty("sku");
    expect(none["script:ld+json"]).not.toHaveProperty("description");
  });
});

describe("breadcrumbJsonLd and organizationJsonLd", () => {
  it("numbers the crumbs from 1", () => {
    expect(
      breadcrumbJsonLd([
        { name: "Home", url: `${SHOP}/` },
        { name: "Bands", url: `${SHOP}/bands` },
        { name: "Zephyr Quarry", url: `${SHOP}/bands/zephyr-quarry` },
      ]),
    ).toEqual({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: `${SHOP}/` },
          { "@type": "ListItem", position: 2, name: "Bands", item: `${SHOP}/bands` },
          {
            "@type": "ListItem",
            position: 3,
            name: "Zephyr Quarry",
            item: `${SHOP}/bands/zephyr-quarry`,
          },
        ],
      },
    });
  });

  it("names the shop with its address and a raster logo", () => {
    expect(organizationJsonLd(`${SHOP}/`)).toEqual({
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: "Encore",
        url: `${SHOP}/`,
        logo: `${SHOP}/icon-512.png`,
      },
    });
  });
});

describe("text helpers", () => {
  it("turns rich text into plain text", () => {
    expect(
      plainText("<p>A&nbsp;b</p><script>alert(1)</script><br/>c &lt;3 &#39;d&#x27; &bogus;"),
    ).toBe("A b c <3 'd' &bogus;");
    expect(plainText("x".repeat(6000))).toHaveLength(5000);
  });

  it("writes pence as pounds with two decimals", () => {
    expect(poundsText(2500)).toBe("25.00");
    expect(poundsText(1999)).toBe("19.99");
    expect(poundsText(5)).toBe("0.05");
  });
});

function Document() {
  return createElement("head", null, createElement(Meta), createElement(Outlet));
}

describe("JSON-LD as React Router renders it", () => {
  const render = (descriptors: unknown[]) => {
    const Stub = createRoutesStub([
      { id: "root", path: "/", Component: Document, meta: () => descriptors } as never,
    ]);
    return renderToString(createElement(Stub, { initialEntries: ["/"] }));
  };

  it("cannot be broken out of by shop text such as </script>", () => {
    const hostile = product({
      title: 'Tee</script><script>alert("x")</script>',
      description: "<p>Fine &amp; dandy</p>",
      seoDescription: null,
    });
    const html = render([productJsonLd(hostile, URL_OF)]);
    const scripts = html.match(/<script[^>]*>[\s\S]*?<\/script>/g) ?? [];
    expect(scripts).toHaveLength(1);
    const [script] = scripts;
    expect(script).toMatch(/^<script type="application\/ld\+json">/);
    expect(script).not.toContain("<script>alert");
    expect(script).toContain("\\u003c/script\\u003e");
    // And what a search engine reads back is the title as it was written.
    const json = JSON.parse(script?.replace(/^<script[^>]*>|<\/script>$/g, "") ?? "");
    expect(json.name).toBe('Tee</script><script>alert("x")</script>');
    expect(json.description).toBe("Fine & dandy");
  });
});
