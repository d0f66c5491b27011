import { randomBytes } from "node:crypto";
import { users } from "../customers/schema.ts";
import type { Db } from "../db/client.ts";
import { hashPassword } from "./passwords.ts";

/** Test-only: an account of its own (unique email), with `password` unless it is a guest. */
export async function makeUser(
  db: Db,
  values: { role?: "customer" | "staff" | "admin"; isGuest?: boolean; password?: string } = {},
) {
  const id = randomBytes(4).toString("hex");
  const password = values.password ?? `password-${id}`;
  const [user] = await db
    .insert(users)
    .values({
      email: `user-${id}@example.com`,
      name: `Test User ${id}`,
      role: values.role ?? "customer",
      isGuest: values.isGuest ?? false,
      passwordHash: values.isGuest ? null : await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error("user not created");
  return { user, password };
}

/** The value a response sets for cookie `name`, with its attributes, or undefined. */
export function setCookie(response: Response, name: string) {
  const line = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  if (!line) return undefined;
  const [pair = "", ...attributes] = line.split(/;\s*/);
  return {
    value: decodeURIComponent(pair.slice(name.length + 1)),
    attributes: attributes.map((attribute) => attribute.toLowerCase()),
    line,
  };
}
