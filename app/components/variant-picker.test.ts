import { describe, expect, it } from "vitest";
import type { ProductView } from "../../common/catalog";
import { variantFor } from "./variant-picker";

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

const product = {
  attributeTypes: [
    { id: 1, slug: "size", title: "Size", display: "buttons", attributes: [] },
    { id: 2, slug: "colour", title: "Colour", display: "swatches", attributes: [] },
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
