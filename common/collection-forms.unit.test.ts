import { describe, expect, it } from "vitest";
import { CollectionForm } from "./collection-forms.ts";
import { decodeForm, formErrorsOf, formValuesOf } from "./form-codecs.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("the collection form", () => {
  it("reads a hand-picked collection: no rule, its products in order, the empty add box left out", () => {
    const { body, errors } = decodeForm(
      CollectionForm,
      form({
        title: "Staff picks",
        "rule.kind": "curated",
        "rule.type": "new-in",
        "rule.days": "not read: the collection is hand-picked",
        "productIds[0]": "12",
        "productIds[1]": "7",
        "productIds[2]": "",
      }),
    );
    expect(errors).toBeUndefined();
    expect(body).toMatchObject({ title: "Staff picks", rule: null, productIds: [12, 7] });
  });

  it("reads only the chosen rule's fields, a price in pounds as pence and an empty bound left out", () => {
    const { body } = decodeForm(
      CollectionForm,
      form({
        title: "Cheap",
        "rule.kind": "rule",
        "rule.type": "price",
        "rule.days": "60",
        "rule.min": "",
        "rule.max": "£12.50",
      }),
    );
    expect(body.rule).toEqual({ type: "price", max: 1250 });
  });

  it("says what a rule lacks beside its field, and reads the others", () => {
    const { body, errors } = decodeForm(
      CollectionForm,
      form({ title: "", "rule.kind": "rule", "rule.type": "band", "rule.brandId": "" }),
    );
    expect(errors).toEqual({ "rule.brandId": ["Choose the band."] });
    expect(body).toMatchObject({ title: "" });
    expect(decodeForm(CollectionForm, form({ "productIds[0]": "x" })).errors).toEqual({
      "productIds[0]": ["Enter a product's number, shown under its title in Products."],
    });
  });

  it("shows a collection in its fields", () => {
    expect(
      formValuesOf(CollectionForm, {
        title: "New in",
        rule: { type: "new-in", days: 60 },
        productIds: [],
        heroFileId: null,
      }),
    ).toMatchObject({ "rule.kind": "rule", "rule.type": "new-in", "rule.days": "60" });
    expect(
      formValuesOf(CollectionForm, { title: "Picks", rule: null, productIds: [3, 9] }),
    ).toMatchObject({ "rule.kind": "curated", "productIds[0]": "3", "productIds[1]": "9" });
    expect(
      formValuesOf(CollectionForm, { rule: { type: "price", min: 500 }, productIds: [] }),
    ).toMatchObject({ "rule.type": "price", "rule.min": "5.00" });
  });

  it("puts the API's errors beside the fields they are about, by their paths", () => {
    expect(
      formErrorsOf(
        {
          title: ["Enter the collection's title."],
          "rule.days": ["At least 1 day."],
          "productIds.2": ["Gone."],
        },
        CollectionForm,
      ),
    ).toEqual({
      title: ["Enter the collection's title."],
      "rule.days": ["At least 1 day."],
      "productIds[2]": ["Gone."],
    });
  });
});
