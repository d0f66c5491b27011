import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  checkboxField,
  codeListField,
  decodeForm,
  fieldGroup,
  formErrorsOf,
  formNameOf,
  formValuesOf,
  idField,
  idListField,
  londonTimeField,
  optionalPoundsField,
  optionalTextField,
  poundsField,
  rowsField,
  textField,
  variantField,
  wholeNumberField,
} from "./form-codecs.ts";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of [value].flat()) data.append(name, one);
  }
  return data;
};

const ProductLike = z.object({
  title: textField(),
  slug: optionalTextField(),
  featured: checkboxField(),
  brandId: idField("Choose a band from the list."),
  position: wholeNumberField({ max: 999, empty: 0 }),
  limit: wholeNumberField({ min: 1, empty: "null" }),
  swatch: optionalTextField("null"),
  price: poundsField({ min: 1 }),
  compareAt: optionalPoundsField(),
  startsAt: londonTimeField(),
  countries: codeListField(),
  links: fieldGroup({ website: optionalTextField() }),
  variants: rowsField(z.object({ sku: textField(), price: poundsField() })),
});

describe("form codecs", () => {
  it("read every field into the body the API takes", () => {
    const decoded = decodeForm(
      ProductLike,
      form({
        title: "Tour tee",
        slug: "",
        featured: "on",
        brandId: "7",
        position: "1,2",
        limit: "",
        price: "£1,250.5",
        compareAt: "",
        startsAt: "2026-07-01T09:30",
        countries: "gb, ie;fr",
        "links.website": "https://example.com",
        "variants[0].sku": "TEE-S",
        "variants[0].price": "25",
        "variants[1].sku": "TEE-M",
        "variants[1].price": "26.99",
        intent: "save",
      }),
    );
    expect(decoded).toEqual({
      body: {
        title: "Tour tee",
        featured: true,
        brandId: 7,
        position: 12,
        limit: null,
        swatch: null,
        price: 125_050,
        compareAt: null,
        // 09:30 British Summer Time is 08:30 UTC.
        startsAt: "2026-07-01T08:30:00.000Z",
        countries: ["GB", "IE", "FR"],
        links: { website: "https://example.com" },
        variants: [
          { sku: "TEE-S", price: 2500 },
          { sku: "TEE-M", price: 2699 },
        ],
      },
    });
  });

  it("say every problem at once, each under its field's own name", () => {
    const decoded = decodeForm(
      ProductLike,
      form({
        title: "",
        brandId: "the first one",
        position: "-3",
        limit: "0",
        price: "0.00",
        compareAt: "twelve",
        startsAt: "tomorrow",
        "variants[0].sku": "TEE-S",
        "variants[0].price": "25.001",
      }),
    );
    // The fields that read are in the body, for the route's own checks of them.
    expect(decoded).toEqual({
      body: { title: "", featured: false, swatch: null, countries: [], links: {} },
      errors: {
        brandId: ["Choose a band from the list."],
        position: ["Enter a whole number from 0 to 999, or leave it empty."],
        limit: ["Enter a whole number from 1 to 1,000,000, or leave it empty."],
        price: ["Enter an amount from £0.01 to £10,000,000.00."],
        compareAt: ["Enter an amount in pounds and pence, like 25.00, or leave it empty."],
        startsAt: ["Enter a date and time, like 24/11/2026 14:05."],
        "variants[0].price": ["Enter an amount in pounds and pence, like 25.00."],
      },
    });
  });

  it("ask for a required amount that was left empty, and take an empty text as cleared", () => {
    const decoded = decodeForm(ProductLike, form({ title: "", price: "" }));
    expect(decoded.errors?.price).toEqual(["Enter an amount in pounds and pence, like 25.00."]);
    expect(decoded.errors?.title).toBeUndefined();
    const cleared = decodeForm(ProductLike, form({ title: "", price: "1" }));
    expect(cleared.errors).toBeUndefined();
    expect(cleared.body).toMatchObject({ title: "", featured: false, price: 100 });
  });

  it("show a record's values as its fields hold them, and read them back unchanged", () => {
    const record = {
      title: "Tour tee",
      featured: true,
      brandId: 7,
      position: 3,
      limit: null,
      swatch: null,
      price: 2500,
      compareAt: null,
      startsAt: "2026-12-24T18:00:00.000Z",
      countries: ["GB", "IE"],
      links: { website: "https://example.com" },
      variants: [{ sku: "TEE-S", price: 2599 }],
    };
    const values = formValuesOf(ProductLike, record);
    expect(values).toEqual({
      title: "Tour tee",
      slug: "",
      featured: "true",
      brandId: "7",
      position: "3",
      limit: "",
      swatch: "",
      price: "25.00",
      compareAt: "",
      startsAt: "2026-12-24T18:00",
      countries: "GB, IE",
      "links.website": "https://example.com",
      "variants[0].sku": "TEE-S",
      "variants[0].price": "25.99",
    });
    expect(decodeForm(ProductLike, form(values))).toEqual({ body: record });
    // A new record's form: every field empty, none missing.
    expect(formValuesOf(ProductLike)).toMatchObject({ title: "", price: "", featured: "" });
  });

  it("name a body path as its form field, so the API's errors land beside it", () => {
    expect(formNameOf(["variants", 3, "price"])).toBe("variants[3].price");
    expect(formNameOf(["links", "website"])).toBe("links.website");
    expect(formErrorsOf({ "variants.3.price": ["Too high."], title: ["Taken."] })).toEqual({
      "variants[3].price": ["Too high."],
      title: ["Taken."],
    });
    // A list typed in one field: an error about one of its codes is the field's.
    expect(
      formErrorsOf(
        { "countries.2": ["No such country."], "variants.0.price": ["Too high."], id: ["Gone."] },
        ProductLike,
      ),
    ).toEqual({
      countries: ["No such country."],
      "variants[0].price": ["Too high."],
      id: ["Gone."],
    });
  });

  it("read only the fields of a group's chosen type, or none when its switch is off", () => {
    const Rule = z.object({
      rule: variantField(
        { "new-in": { days: wholeNumberField({ min: 1 }) }, price: { max: optionalPoundsField() } },
        { switch: { field: "kind", on: "rule", off: "curated" } },
      ),
    });
    const decode = (fields: Record<string, string>) => decodeForm(Rule, form(fields));
    expect(decode({ "rule.kind": "rule", "rule.type": "price", "rule.days": "x" })).toEqual({
      body: { rule: { type: "price" } },
    });
    expect(decode({ "rule.kind": "curated", "rule.type": "new-in", "rule.days": "x" })).toEqual({
      body: { rule: null },
    });
    expect(decode({ "rule.kind": "rule", "rule.type": "new-in", "rule.days": "x" }).errors).toEqual(
      { "rule.days": ["Enter a whole number from 1 to 1,000,000."] },
    );
    expect(decode({ "rule.kind": "rule", "rule.type": "mystery" }).body).toEqual({
      rule: { type: "mystery" },
    });
    expect(formValuesOf(Rule, { rule: { type: "price", max: 250 } })).toEqual({
      "rule.kind": "rule",
      "rule.type": "price",
      "rule.max": "2.50",
    });
    expect(formValuesOf(Rule, { rule: null })).toEqual({ "rule.kind": "curated" });
  });

  it("read ticked boxes as ids, one box as a list of one, and refuse one that is not an id", () => {
    const Ticked = z.object({ ids: idListField("Tick rows from the list.") });
    expect(decodeForm(Ticked, form({ ids: ["3", "5"] })).body).toEqual({ ids: [3, 5] });
    expect(decodeForm(Ticked, form({ ids: "3" })).body).toEqual({ ids: [3] });
    expect(decodeForm(Ticked, form({})).body).toEqual({ ids: [] });
    expect(decodeForm(Ticked, form({ ids: ["3", "drop table"] })).errors).toEqual({
      "ids[1]": ["Tick rows from the list."],
    });
  });

  it("refuse a row number beyond what a list takes, without making the list", () => {
    const decoded = decodeForm(
      ProductLike,
      form({ title: "Tee", price: "1", "variants[99999999].price": "2" }),
    );
    // Said of the whole form, not as an error of a field named "form" that no page shows.
    expect(decoded).toEqual({
      body: {},
      message:
        "This form has more rows than it can take (at most 2,000), so nothing in it was used. Take some rows out and send it again.",
    });
    // The last row a list takes is read as a row (its holes are the codec's to judge).
    const last = decodeForm(ProductLike, form({ "variants[1999].sku": "A" }));
    expect(last.message).toBeUndefined();
    expect(last.errors?.["variants[1999].price"]).toBeDefined();
  });
});
