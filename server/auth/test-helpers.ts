import { randomBytes } from "node:crypto";
import type { ChargeResult } from "../../common/checkout.ts";
import type { TestApp } from "../../tests/support/app.ts";
import {
  charge,
  makeCheckoutStock,
  UK_ADDRESS,
  ukDeliveryOptions,
} from "../../tests/support/checkout.ts";
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

/**
 * Test-only: an order placed as a guest with `email` through the real checkout API: paid, or
 * waiting for the test bank (`authenticate`). Answers its id, number and access token.
 */
export async function placeGuestOrder(
  app: TestApp,
  email: string,
  outcome: "success" | "authenticate" = "success",
) {
  const { teeId } = await makeCheckoutStock(app.database.db);
  const [delivery] = await ukDeliveryOptions(app);
  const response = await charge(app, {
    lines: [{ id: teeId, quantity: 1 }],
    email,
    shippingAddress: UK_ADDRESS,
    deliveryOptionId: delivery?.id,
    payment: { provider: "test", outcome },
  });
  const { data } = (await response.json()) as { data: ChargeResult };
  if (response.status !== 200 || !data.accessToken) {
    throw new Error(`the charge answered ${response.status}`);
  }
  return { orderId: data.orderId, number: data.number, accessToken: data.accessToken };
}
