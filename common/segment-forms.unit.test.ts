import { describe, expect, it } from "vitest";
import { decodeForm, formErrorsOf, formValuesOf } from "./form-codecs.ts";
import { SegmentForm } from "./segment-forms.ts";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

describe("the segment form", () => {
  it("reads each rule row by its type, money in pounds as pence", () => {
    const { body, errors } = decodeForm(
      SegmentForm,
      form({
        title: "Big spenders",
        description: "",
        "rules[0].type": "spent-over",
        "rules[0].amount": "£250",
        "rules[0].days": "left over from another type",
        "rules[1].type": "marketing-consent",
        "rules[1].consent": "false",
        "rules[2].type": "bought-from-band",
        "rules[2].brandId": "4",
      }),
    );
    expect(errors).toBeUndefined();
    expect(body.rules).toEqual([
      { type: "spent-over", amount: 25000 },
      { type: "marketing-consent", consent: false },
      { type: "bought-from-band", brandId: 4 },
    ]);
  });

  it("says every bad rule's problem at once, beside its row's field", () => {
    const { errors } = decodeForm(
      SegmentForm,
      form({
        "rules[0].type": "ordered-within",
        "rules[0].days": "soon",
        "rules[1].type": "spent-over",
        "rules[1].amount": "lots",
      }),
    );
    expect(errors).toEqual({
      "rules[0].days": ["Enter a whole number from 1 to 3,650."],
      "rules[1].amount": ["Enter an amount in pounds and pence, like 25.00."],
    });
  });

  it("shows a segment's rules in their rows", () => {
    expect(
      formValuesOf(SegmentForm, {
        title: "Fans",
        description: "",
        rules: [
          { type: "spent-over", amount: 1000 },
          { type: "marketing-consent", consent: false },
        ],
      }),
    ).toEqual({
      title: "Fans",
      description: "",
      "rules[0].type": "spent-over",
      "rules[0].amount": "10.00",
      "rules[1].type": "marketing-consent",
      "rules[1].consent": "false",
    });
  });

  it("puts the API's errors beside their rules' fields", () => {
    expect(
      formErrorsOf({ "rules.1.brandId": ["Choose a band from the list."] }, SegmentForm),
    ).toEqual({ "rules[1].brandId": ["Choose a band from the list."] });
  });
});
