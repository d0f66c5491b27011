import { describe, expect, it } from "vitest";
import { camelizeKeys } from "./case";

describe("camelizeKeys", () => {
  it("camel-cases keys deeply and leaves values alone", () => {
    expect(
      camelizeKeys({
        product_variant: { compare_at_price: 2500, "media-files": [{ file_type: "IMAGE" }] },
        note: "a_b",
      }),
    ).toEqual({
      productVariant: { compareAtPrice: 2500, mediaFiles: [{ fileType: "IMAGE" }] },
      note: "a_b",
    });
    expect(camelizeKeys([1, null, "x"])).toEqual([1, null, "x"]);
  });
});
