import { describe, expect, it } from "vitest";
import { movedRow, movedRows, rowsChanged } from "./form-rows.server";

const form = (fields: Array<[string, string]>) => {
  const data = new FormData();
  for (const [name, value] of fields) data.append(name, value);
  return data;
};

describe("a list's rows changed without JavaScript", () => {
  it("moves and removes a row, anything else leaving them be", () => {
    expect(movedRow(["a", "b", "c"], 2, "up")).toEqual(["a", "c", "b"]);
    expect(movedRow(["a", "b", "c"], 0, "down")).toEqual(["b", "a", "c"]);
    expect(movedRow(["a", "b", "c"], 1, "remove")).toEqual(["a", "c"]);
    expect(movedRow(["a", "b"], 0, "up")).toEqual(["a", "b"]);
    expect(movedRow(["a", "b"], Number.NaN, "remove")).toEqual(["a", "b"]);
  });

  it("names each row's fields by its new place, keeping the rest of the form as typed", () => {
    const posted = form([
      ["title", "Fans"],
      ["intent", "remove-rule:0"],
      ["rules[0].type", "spent-over"],
      ["rules[0].amount", "10"],
      ["rules[1].type", "ordered-within"],
      ["rules[1].days", "30"],
    ]);
    expect(rowsChanged(posted, "rules", (rules) => movedRow(rules, 0, "remove"))).toEqual({
      title: "Fans",
      "rules[0].type": "ordered-within",
      "rules[0].days": "30",
    });
    const ids = form([
      ["productIds[0]", "4"],
      ["productIds[1]", "9"],
    ]);
    expect(rowsChanged(ids, "productIds", (rows) => movedRow(rows, 1, "up"))).toEqual({
      "productIds[0]": "9",
      "productIds[1]": "4",
    });
    ids.append("productIds[2]", "");
    expect(movedRows(ids, "productIds:0:remove")).toEqual({ "productIds[0]": "9" });
  });
});
