import { describe, expect, it } from "vitest";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./passwords.ts";

describe("password hashes", () => {
  it("stores scrypt parameters, a per-user salt and the key, and verifies the password", async () => {
    const stored = await hashPassword("encore-fan-2026");
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{86}$/);
    expect(await verifyPassword("encore-fan-2026", stored)).toBe(true);
    // Same password, another salt: another string.
    expect(await hashPassword("encore-fan-2026")).not.toBe(stored);
  });

  it("refuses a wrong password", async () => {
    const stored = await hashPassword("correct horse");
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("answers false, never throws, for a tampered or malformed hash string", async () => {
    const stored = await hashPassword("secret");
    const [, n, r, p, salt, hash] = stored.split("$") as string[];
    const flip = (text: string) => (text[0] === "A" ? "B" : "A") + text.slice(1);
    const tampered = [
      "",
      "garbage",
      stored.replace("scrypt", "bcrypt"),
      `${stored}$extra`,
      ["scrypt", n, r, p, flip(salt ?? ""), hash].join("$"),
      ["scrypt", n, r, p, salt, flip(hash ?? "")].join("$"),
      ["scrypt", n, r, p, salt, (hash ?? "").slice(0, 40)].join("$"),
      ["scrypt", "16385", r, p, salt, hash].join("$"),
      ["scrypt", "1073741824", r, p, salt, hash].join("$"),
      ["scrypt", "-16384", r, p, salt, hash].join("$"),
      ["scrypt", n, "0", p, salt, hash].join("$"),
      ["scrypt", n, r, p, "not base64!", hash].join("$"),
      ["scrypt", n, r, p, salt, ""].join("$"),
      ["scrypt", "1048576", "32", "16", salt, hash].join("$"),
    ];
    const results = await Promise.all(tampered.map((value) => verifyPassword("secret", value)));
    expect(results).toEqual(tampered.map(() => false));
  });

  it("makes one dummy hash that nothing matches", async () => {
    const dummy = await dummyPasswordHash();
    expect(await dummyPasswordHash()).toBe(dummy);
    expect(await verifyPassword("", dummy)).toBe(false);
  });
});
