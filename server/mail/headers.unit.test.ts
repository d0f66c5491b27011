import { describe, expect, it } from "vitest";
import { headerName, headerSubject, headerText, mailbox } from "./headers.ts";

describe("header-safe text", () => {
  it.each([
    ["Eve\r\nBcc: victim@example.net", "Eve Bcc: victim@example.net"],
    ["Eve\nExample", "Eve Example"],
    ["Eve\rExample", "Eve Example"],
    ["Eve\u2028Example\u2029", "Eve Example"],
    ["Eve\u0085Example", "Eve Example"],
    ["\tEve \u0000\u001b Example  ", "Eve Example"],
    ["Zoë Ó Briain", "Zoë Ó Briain"],
  ])("makes %j one line: %j", (text, expected) => {
    expect(headerText(text, 200)).toBe(expected);
  });

  it("cuts at a length by characters, never inside one", () => {
    expect(headerText("ab😀cd", 3)).toBe("ab😀");
    expect(headerSubject(`Re: ${"x".repeat(500)}`)).toHaveLength(200);
  });

  it("gives no name when nothing of it is left", () => {
    expect(headerName("\r\n\t")).toBeUndefined();
    expect(headerName(null)).toBeUndefined();
    expect(headerName(" Sam Fan ")).toBe("Sam Fan");
  });
});

describe("a mailbox for an address header", () => {
  it("pairs a header-safe name with the address, or gives the bare address", () => {
    expect(mailbox("fan@example.com", "Eve\r\nBcc: victim@example.net")).toEqual({
      name: "Eve Bcc: victim@example.net",
      address: "fan@example.com",
    });
    expect(mailbox("fan@example.com", "\r\n")).toBe("fan@example.com");
    expect(mailbox("fan@example.com")).toBe("fan@example.com");
  });

  it.each([
    "fan@example.com\r\nBcc: victim@example.net",
    "fan@example.com, victim@example.net",
    "Eve <victim@example.net>",
    "fan@example.com;victim@example.net",
    '"fan"@example.com',
    "fan",
    "fan@@example.com",
  ])("refuses %j, which is not one mailbox", (address) => {
    expect(() => mailbox(address, "Eve")).toThrow("Not a single email address");
  });
});
