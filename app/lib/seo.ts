// SEO descriptors for route `meta` functions: canonical link, social cards, robots, JSON-LD.
// React Router renders `script:ld+json` with `<`, `>` and `&` escaped as \u003c, \u003e and
// \u0026, so shop text such as `</script>` cannot close the tag (security.md #22; see seo.test.ts).
import type { ProductView, VariantView } from "../../common/catalog";

export const SITE_NAME = "Encore";

type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };
export type JsonLd = { [key: string]: JsonValue };
export type JsonLdDescriptor = { "script:ld+json": JsonLd };

const SCHEMA = "https://schema.org";

/** `path` on the shop's public address; a path can never change the host (`//evil.example`). */
export function absoluteUrl(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/${path.replace(/^[/\\]+/, "")}`;
}

/**
 * The canonical link of a page: absolute on PUBLIC_URL; of the query only a collection (a listing
 * of other products, with its own heading) and `page` past the first are kept (sorts and filters
 * show the same products).
 */
export function canonicalLink(
  publicUrl: string,
  pathname: string,
  search?: string | URLSearchParams,
) {
  const params = new URLSearchParams(search ?? "");
  const kept = new URLSearchParams();
  const collection = params.get("collection");
  if (collection && /^[a-z0-9-]{1,200}$/.test(collection)) kept.set("collection", collection);
  const page = params.get("page");
  const pageNumber = page && /^[0-9]{1,6}$/.test(page) ? Number(page) : 1;
  if (pageNumber > 1) kept.set("page", String(pageNumber));
  const query = kept.size ? `?${kept}` : "";
  return {
    tagName: "link" as const,
    rel: "canonical",
    href: `${absoluteUrl(publicUrl, pathname)}${query}`,
  };
}

/** Open Graph and Twitter card tags; `url` and `image` are absolute. */
export function socialMeta(input: {
  title: string;
  description: string;
  url: string;
  image?: string | null;
  type: "website" | "product" | "article";
}) {
  return [
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: "en_GB" },
    { property: "og:type", content: input.type },
    { property: "og:title", content: input.title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: input.url },
    ...(input.image ? [{ property: "og:image", content: input.image }] : []),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: input.title },
    { name: "twitter:description", content: input.description },
    ...(input.image ? [{ name: "twitter:image", content: input.image }] : []),
  ];
}

/** For pages that must stay out of search results: basket, account, checkout, back office. */
export function robotsNoindex() {
  return { name: "robots", content: "noindex, nofollow" };
}

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

/** Rich text as plain text: tags out, entities decoded, whitespace collapsed. */
export function plainText(html: string, limit = 5000): string {
  return html
    .replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, code: string) => {
      if (code[0] !== "#") return ENTITIES[code.toLowerCase()] ?? entity;
      const point =
        code[1] === "x" || code[1] === "X"
          ? Number.parseInt(code.slice(2), 16)
          : Number(code.slice(1));
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : entity;
    })
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, limit);
}

/** Integer pence as schema.org wants a price: pounds with two decimals, '25.00'. */
export function poundsText(pence: number): string {
  const whole = Math.round(pence);
  return `${Math.floor(whole / 100)}.${String(whole % 100).padStart(2, "0")}`;
}

const availability = (product: Pick<ProductView, "preOrder">, inStock: boolean) =>
  `${SCHEMA}/${product.preOrder ? "PreOrder" : inStock ? "InStock" : "OutOfStock"}`;

function offersOf(product: ProductView, url: string): JsonLd | undefined {
  const variants: VariantView[] = product.variants;
  const [only] = variants;
  if (!only) return undefined;
  if (variants.length === 1) {
    return {
      "@type": "Offer",
      url,
      price: poundsText(only.price),
      priceCurrency: "GBP",
      availability: availability(product, only.inStock),
      itemCondition: `${SCHEMA}/NewCondition`,
    };
  }
  const prices = variants.map((variant) => variant.price);
  return {
    "@type": "AggregateOffer",
    url,
    lowPrice: poundsText(Math.min(...prices)),
    highPrice: poundsText(Math.max(...prices)),
    priceCurrency: "GBP",
    offerCount: variants.length,
    availability: availability(
      product,
      variants.some((variant) => variant.inStock),
    ),
  };
}

/** schema.org Product for a product page: brand, first SKU, image, text description, offers. */
export function productJsonLd(
  product: ProductView,
  url: string,
  imageUrl?: string | null,
): JsonLdDescriptor {
  const description = plainText(product.description) || product.seoDescription || undefined;
  const offers = offersOf(product, url);
  const sku = product.variants[0]?.sku;
  return {
    "script:ld+json": {
      "@context": SCHEMA,
      "@type": "Product",
      name: product.title,
      url,
      ...(description ? { description } : {}),
      ...(sku ? { sku } : {}),
      ...(imageUrl ? { image: [imageUrl] } : {}),
      brand: { "@type": "Brand", name: product.brand.title },
      category: product.productType,
      ...(offers ? { offers } : {}),
    },
  };
}

/** schema.org BreadcrumbList, from the home page down to this page; urls absolute. */
export function breadcrumbJsonLd(crumbs: Array<{ name: string; url: string }>): JsonLdDescriptor {
  return {
    "script:ld+json": {
      "@context": SCHEMA,
      "@type": "BreadcrumbList",
      itemListElement: crumbs.map((crumb, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: crumb.name,
        item: crumb.url,
      })),
    },
  };
}

/** schema.org Organization for the home page: the shop's name, address and logo. */
export function organizationJsonLd(publicUrl: string): JsonLdDescriptor {
  return {
    "script:ld+json": {
      "@context": SCHEMA,
      "@type": "Organization",
      name: SITE_NAME,
      url: absoluteUrl(publicUrl, "/"),
      // Search engines want a raster logo of at least 112 px square.
      logo: absoluteUrl(publicUrl, "/icon-512.png"),
    },
  };
}

/** schema.org Article for a blog article: headline, dates, author and publisher; urls absolute. */
export function articleJsonLd(
  article: {
    title: string;
    excerpt: string;
    author: string;
    publishedAt: string;
    updatedAt: string;
  },
  publicUrl: string,
  url: string,
  imageUrl?: string | null,
): JsonLdDescriptor {
  return {
    "script:ld+json": {
      "@context": SCHEMA,
      "@type": "Article",
      headline: article.title,
      description: article.excerpt,
      url,
      mainEntityOfPage: url,
      datePublished: article.publishedAt,
      dateModified: article.updatedAt,
      author: { "@type": "Person", name: article.author },
      publisher: {
        "@type": "Organization",
        name: SITE_NAME,
        logo: { "@type": "ImageObject", url: absoluteUrl(publicUrl, "/icon-512.png") },
      },
      ...(imageUrl ? { image: [imageUrl] } : {}),
    },
  };
}
