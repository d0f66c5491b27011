import { describe, expect, it } from "vitest";
import type { ProductView } from "../../common/catalog";
import { choicesFromSearch, searchWithChoices, variantFor } from "./variant-picker";

const variant = (
  id: number,
  inStock: boolean,
  attributes: Array<[typeId: number, id: number]>,
) => ({
  id,
  sku: `SKU-${id}`,
  price: 2500,
  compareAtPrice: null,
  inStock,
  stockLeft: null,
  attributes: attributes.map(([typeId, attributeId]) => ({
    id: attributeId,
    slug: String(attributeId),
    title: String(attributeId),
    typeId,
  })),
});

const value = (id: number, slug: string) => ({ id, slug, title: slug.toUpperCase(), swatch: null });

const product = {
  attributeTypes: [
    {
      id: 1,
      slug: "size",
      title: "Size",
      display: "buttons",
      attributes: [value(100, "m"), value(101, "l")],
    },
    {
      id: 2,
      slug: "colour",
      title: "Colour",
      display: "swatches",
      attributes: [value(200, "black"), value(201, "white")],
    },
  ],
  variants: [
    variant(10, true, [
      [1, 100],
      [2, 200],
    ]),
    variant(11, false, [
      [1, 101],
      [2, 200],
    ]),
  ],
} as unknown as ProductView;

describe("variantFor", () => {
  it("finds the variant with exactly the chosen options", () => {
    expect(variantFor(product, { 1: 100, 2: 200 })?.id).toBe(10);
    expect(variantFor(product, { 1: 101, 2: 200 })?.id).toBe(11);
  });

  it("finds nothing until every option is chosen, or for a combination that does not exist", () => {
    expect(variantFor(product, { 1: 100 })).toBeUndefined();
    expect(variantFor(product, { 1: 100, 2: 999 })).toBeUndefined();
  });

  it("picks the only variant of a product without options", () => {
    const single = {
      attributeTypes: [],
      variants: [variant(5, true, [])],
    } as unknown as ProductView;
    expect(variantFor(single, {})?.id).toBe(5);
  });
});

describe("choices in the address", () => {
  const search = (query: string) => new URLSearchParams(query);

  it("reads a variant, or options by slug, and ignores what it does not know", () => {
    expect(choicesFromSearch(product, search("variant=11"))).toEqual({ 1: 101, 2: 200 });
    expect(choicesFromSearch(product, search("size=m&colour=black"))).toEqual({ 1: 100, 2: 200 });
    expect(choicesFromSearch(product, search("colour=white"))).toEqual({ 2: 201 });
    expect(choicesFromSearch(product, search("variant=99&size=xxl&colour=<b>"))).toEqual({});
    expect(choicesFromSearch(product, search(""))).toEqual({});
  });

  it("chooses a type's only value, and a product's only variant, by itself", () => {
    const oneColour = {
      ...product,
      attributeTypes: [
        product.attributeTypes[0],
        { ...product.attributeTypes[1], attributes: [value(200, "black")] },
      ],
    } as ProductView;
    expect(choicesFromSearch(oneColour, search("size=l"))).toEqual({ 1: 101, 2: 200 });
    const single = {
      attributeTypes: [],
      variants: [variant(5, true, [[3, 300]])],
    } as unknown as ProductView;
    expect(choicesFromSearch(single, search(""))).toEqual({ 3: 300 });
  });

  it("writes the choices by slug, keeping other parameters and dropping an old variant", () => {
    const written = searchWithChoices(product, { 1: 100, 2: 201 }, search("variant=10&utm=x"));
    expect(written.toString()).toBe("utm=x&size=m&colour=white");
    expect(searchWithChoices(product, { 2: 200 }, search("size=l")).toString()).toBe(
      "colour=black",
    );
    // In the page's order of options, whatever order they were chosen in.
    expect(
      searchWithChoices(product, { 1: 101, 2: 200 }, search("colour=white&size=m")).toString(),
    ).toBe("size=l&colour=black");
    // What is written reads back as the same choices.
    expect(choicesFromSearch(product, written)).toEqual({ 1: 100, 2: 201 });
  });
});
