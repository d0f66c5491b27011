import { describe, expect, it } from "vitest";
import { GenerateVariantsForm, ProductForm, variantsBody } from "./catalog-forms.ts";
import { decodeForm, formValuesOf } from "./form-codecs.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const saved = "price=2500&compareAtPrice=&sku=TEE-M&stockOnHand=5";

describe("the product form", () => {
  it("reads the grid's rows by path: only changes of a variant, and new rows filled in", () => {
    const { body, errors } = decodeForm(
      ProductForm,
      form({
        title: "Tee",
        brandId: "4",
        type: "t-shirt",
        tags: "tour-2026, organic ,",
        "collectionIds[1]": "9",
        "variants[0].id": "11",
        "variants[0].was": saved,
        "variants[0].sku": "tee-m",
        "variants[0].price": "25.00",
        "variants[0].compareAtPrice": "",
        "variants[0].stockOnHand": "5",
        "variants[1].id": "12",
        "variants[1].was": saved,
        "variants[1].sku": "TEE-M",
        "variants[1].price": "£19.50",
        "variants[1].compareAtPrice": "25",
        "variants[1].stockOnHand": "5",
        "variants[2].price": "",
        "variants[2].attributeIds[0]": "",
        "variants[3].price": "27",
        "variants[3].attributeIds[0]": "",
        "variants[3].attributeIds[1]": "31",
        "media[0].fileId": "7",
        "media[0].attributeId": "",
        "media[1].fileId": "",
      }),
    );
    expect(errors).toBeUndefined();
    expect(body).toMatchObject({
      brandId: 4,
      tags: ["tour-2026", "organic"],
      collectionIds: [9],
      media: [
        { fileId: 7, attributeId: null },
        { fileId: null, attributeId: null },
      ],
    });
    // The first row is unchanged (a SKU's case is no change), the spare row says nothing.
    expect(variantsBody(body.variants ?? [])).toEqual({
      variants: [
        { id: 12, price: 1950, compareAtPrice: 2500 },
        { price: 2700, attributeIds: [31] },
      ],
      sent: [1, 3],
    });
  });

  it("says every problem by its field's name: a row's price, a filled-in row's missing one, the band", () => {
    const { body, errors } = decodeForm(
      ProductForm,
      form({
        title: "Tee",
        brandId: "",
        type: "",
        vatRate: "lots",
        "variants[0].id": "11",
        "variants[0].was": saved,
        "variants[0].price": "twenty",
        "variants[0].stockOnHand": "",
        "variants[1].stockOnHand": "4",
      }),
    );
    expect(errors).toEqual({
      brandId: ["Choose the band."],
      type: ["Choose the product type."],
      vatRate: ["Enter the VAT rate as a whole percent, 0 to 100."],
      "variants[0].price": ["Enter the price, like 25.00."],
      "variants[0].stockOnHand": ["Enter the stock as a whole number."],
      "variants[1].price": ["Enter the price, like 25.00."],
    });
    expect(body).toMatchObject({ title: "Tee" });
    expect(body.variants).toBeUndefined();
  });

  it("shows a product in its fields: pence in pounds, ticked collections and rows by path", () => {
    const values = formValuesOf(ProductForm, {
      title: "Tee",
      brandId: 4,
      type: "t-shirt",
      tags: ["tour-2026", "organic"],
      collectionIds: [9, 3],
      vatRate: 20,
      releaseDate: null,
      billingModelId: null,
      media: [{ fileId: 7, attributeId: 31 }],
      variants: [{ id: 11, sku: "TEE-M", price: 2500, compareAtPrice: null, stockOnHand: 5 }],
    });
    expect(values).toMatchObject({
      brandId: "4",
      tags: "tour-2026, organic",
      "collectionIds[0]": "9",
      "collectionIds[1]": "3",
      vatRate: "20",
      releaseDate: "",
      billingModelId: "",
      "media[0].fileId": "7",
      "media[0].attributeId": "31",
      "variants[0].id": "11",
      "variants[0].price": "25.00",
      "variants[0].compareAtPrice": "",
      "variants[0].stockOnHand": "5",
    });
  });

  it("reads “Generate variants”: the values ticked and the new variants' price in pence", () => {
    const { body } = decodeForm(
      GenerateVariantsForm,
      form({ "attributeIds[2]": "17", "attributeIds[5]": "21", price: "22", stockOnHand: "" }),
    );
    expect(body).toEqual({ attributeIds: [17, 21], price: 2200, compareAtPrice: null });
  });
});
