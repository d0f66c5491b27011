import { randomBytes } from "node:crypto";
import type { PublicAddress } from "../../../common/accounts.ts";
import { isRefusal } from "../../../common/refusal.ts";
import { hashPassword } from "../../auth/passwords.ts";
import type { BasketLineRequest } from "../../basket/validators.ts";
import { getProduct, listProducts } from "../../catalog/service/products.ts";
import { takeStock } from "../../catalog/service/stock.ts";
import { priceCheckout } from "../../checkout/quote.ts";
import { checkoutShopper, DECLINED } from "../../checkout/service.ts";
import {
  createAccounts,
  findUserByEmail,
  guestCustomerFor,
  savedAddress,
} from "../../customers/service.ts";
import { determineDeliveryGroup } from "../../delivery/service.ts";
import { customerShopper, redeemDiscount } from "../../discounts/service.ts";
import {
  backdateOrder,
  cancelPendingOrder,
  createPendingOrder,
  markOrderDispatched,
  markOrderPaid,
  markOrderRefunded,
  newOrderFromQuote,
  type OrderHistoryTimes,
  RESERVATION_MS,
  recordPaymentReference,
} from "../../orders/placement/service.ts";
import type { OrderAddress } from "../../orders/schema.ts";
import { recordPayment } from "../../payments/record.ts";
import { testProvider } from "../../payments/test-provider.ts";
import type { Db } from "../client.ts";
import { DEMO_ACCOUNTS } from "./accounts.ts";
import { SEED_NOW } from "./catalog/products.ts";
import { type Random, seededRandom } from "./random.ts";

type OtherShopper = {
  email: string;
  /** Where they had it sent, and billed; `fullName` is their name. */
  address: OrderAddress;
  /** A customer account (nobody knows its password); otherwise a guest. */
  registered?: true;
};

/** The shoppers besides the demo customer: two with accounts, the rest guests. */
const SHOPPERS = {
  priya: {
    email: "priya.shah@example.com",
    registered: true,
    address: {
      fullName: "Priya Shah",
      line1: "27 Chapel Allerton Road",
      city: "Leeds",
      postcode: "LS7 3PB",
      country: "GB",
    },
  },
  tom: {
    email: "tom.okafor@example.com",
    registered: true,
    address: {
      fullName: "Tom Okafor",
      line1: "Flat 12, 40 Mare Street",
      city: "London",
      postcode: "E8 4RT",
      country: "GB",
    },
  },
  jamie: {
    email: "jamie.moss@example.com",
    address: {
      fullName: "Jamie Moss",
      line1: "9 Cotham Hill",
      city: "Bristol",
      postcode: "BS6 6LA",
      country: "GB",
    },
  },
  aoife: {
    email: "aoife.byrne@example.com",
    address: {
      fullName: "Aoife Byrne",
      line1: "14 Richmond Street South",
      city: "Dublin",
      postcode: "D02 X285",
      country: "IE",
    },
  },
  callum: {
    email: "callum.reid@example.com",
    address: {
      fullName: "Callum Reid",
      line1: "3/2, 45 Byres Road",
      city: "Glasgow",
      postcode: "G11 5RG",
      country: "GB",
    },
  },
  sam: {
    email: "sam.rivera@example.com",
    address: {
      fullName: "Sam Rivera",
      line1: "221 Grand Street",
      city: "Brooklyn",
      county: "NY",
      postcode: "11211",
      country: "US",
    },
  },
  lucy: {
    email: "lucy.lebrun@example.com",
    // Jersey: delivered as the UK is, but outside the UK VAT area, so sold without VAT.
    address: {
      fullName: "Lucy Le Brun",
      line1: "6 Rue de la Croix",
      city: "St Helier",
      postcode: "JE2 4WD",
      country: "JE",
    },
  },
  hannah: {
    email: "hannah.price@example.com",
    address: {
      fullName: "Hannah Price",
      line1: "18 Wellfield Road",
      city: "Cardiff",
      postcode: "CF24 3PB",
      country: "GB",
    },
  },
  oliver: {
    email: "oliver.grant@example.com",
    address: {
      fullName: "Oliver Grant",
      line1: "52 Unthank Road",
      city: "Norwich",
      postcode: "NR2 2RP",
      country: "GB",
    },
  },
} satisfies Record<string, OtherShopper>;

/** A line to fill from the catalogue: a product of this type (and band), `quantity` of it. */
type LinePick = { type?: string; band?: string; quantity?: number };

type DemoOrder = {
  /** Days before the seed's clock, and the time of day (UTC) it was placed. */
  placed: [days: number, time: string];
  shopper: "demo" | keyof typeof SHOPPERS;
  lines: LinePick[];
  /** The delivery option's title in the shopper's delivery group. */
  delivery: string;
  code?: string;
  /** How far it got: paid and waiting to be sent, sent, sent and refunded, or the card declined. */
  outcome: "paid" | "dispatched" | "refunded" | "declined";
};

// Oldest first, so the order numbers rise with the dates as a shop's do. Codes are used only
// after they started (1 January 2026), as a real checkout would have had to.
const DEMO_ORDERS: DemoOrder[] = [
  {
    placed: [236, "20:14"],
    shopper: "demo",
    lines: [{ type: "t-shirt" }, { type: "poster" }],
    delivery: "UK Standard",
    outcome: "dispatched",
  },
  {
    placed: [214, "12:03"],
    shopper: "jamie",
    lines: [{ type: "vinyl" }],
    delivery: "UK Standard",
    outcome: "dispatched",
  },
  {
    placed: [188, "08:47"],
    shopper: "priya",
    lines: [{ type: "hoodie" }],
    delivery: "UK Express",
    code: "FIVEOFF",
    outcome: "dispatched",
  },
  {
    placed: [161, "21:30"],
    shopper: "demo",
    lines: [{ type: "vinyl" }, { type: "cd" }],
    delivery: "UK Standard",
    code: "WELCOME10",
    outcome: "dispatched",
  },
  {
    placed: [140, "17:55"],
    shopper: "aoife",
    lines: [{ type: "t-shirt", quantity: 2 }],
    delivery: "Europe",
    outcome: "dispatched",
  },
  {
    placed: [118, "13:21"],
    shopper: "callum",
    lines: [{ type: "hoodie" }],
    delivery: "UK Standard",
    outcome: "refunded",
  },
  {
    placed: [97, "19:08"],
    shopper: "demo",
    lines: [{ type: "hoodie" }, { type: "beanie" }],
    delivery: "UK Standard",
    outcome: "refunded",
  },
  {
    placed: [83, "02:16"],
    shopper: "sam",
    lines: [{ type: "vinyl" }, { type: "tote" }],
    delivery: "Rest of world",
    outcome: "dispatched",
  },
  {
    placed: [70, "22:41"],
    shopper: "demo",
    lines: [{ type: "cap" }],
    delivery: "UK Standard",
    outcome: "declined",
  },
  {
    placed: [55, "10:12"],
    shopper: "tom",
    lines: [{ band: "static-gulls" }, { band: "static-gulls" }],
    delivery: "UK Next Working Day",
    code: "GULLS15",
    outcome: "dispatched",
  },
  {
    placed: [41, "16:35"],
    shopper: "lucy",
    lines: [{ type: "t-shirt" }, { type: "poster" }],
    delivery: "UK Standard",
    outcome: "dispatched",
  },
  {
    placed: [30, "11:50"],
    shopper: "hannah",
    lines: [{ type: "longsleeve" }],
    delivery: "UK Standard",
    outcome: "declined",
  },
  {
    placed: [18, "18:27"],
    shopper: "priya",
    lines: [{ type: "poster" }, { type: "beanie" }],
    delivery: "UK Standard",
    outcome: "dispatched",
  },
  {
    // Zero-rated goods beside a standard-rated one: delivery's VAT is split between the rates.
    placed: [12, "09:15"],
    shopper: "demo",
    lines: [{ type: "kids-t-shirt" }, { type: "book" }, { type: "t-shirt" }],
    delivery: "UK Express",
    outcome: "dispatched",
  },
  {
    placed: [6, "20:02"],
    shopper: "oliver",
    lines: [{ type: "sweatshirt" }],
    delivery: "UK Standard",
    outcome: "paid",
  },
  {
    placed: [3, "07:38"],
    shopper: "demo",
    lines: [{ type: "bundle" }],
    delivery: "UK Standard",
    outcome: "paid",
  },
];

const DAY = 86_400_000;
// The test provider answers a card at once.
const PAYMENT_MS = 20_000;
// Sent the next day; a refunded parcel came back and was refunded a fortnight after that.
const DISPATCH_TIME = "11:00";
const REFUND_AFTER_DAYS = 14;
const REFUND_TIME = "15:00";

/** `days` after `from`'s day (UTC), at `time`. */
const dayAt = (from: Date, days: number, time: string) =>
  new Date(`${new Date(from.getTime() + days * DAY).toISOString().slice(0, 10)}T${time}:00Z`);

/** A saved address as an order keeps it: absent, not null, where nothing was given. */
const orderAddress = ({ line2, county, phone, ...address }: PublicAddress): OrderAddress => ({
  ...address,
  ...(line2 ? { line2 } : {}),
  ...(county ? { county } : {}),
  ...(phone ? { phone } : {}),
});

/**
 * The demo shop's past orders (architecture.md §7.7: the same every time, dated from the
 * catalogue's clock, `SEED_NOW`, so they stay in step with the products they bought): six of the
 * demo customer's, paid, dispatched, refunded and declined, and ten of other customers, two with
 * accounts and the rest guests, three of them sent outside the UK VAT area. Each is priced and
 * written as checkout does (`priceCheckout`, `createPendingOrder`, the code counted, the test
 * provider charged) and moved on through the status machine; no confirmation email is queued, and
 * the catalogue's stock is what is left after them. Needs the catalogue, discounts, delivery and
 * accounts seeded first.
 */
export async function seedDemoOrders(db: Db): Promise<void> {
  const customers = await demoCustomers(db);
  const random = seededRandom("encore-demo:orders");
  for (const order of DEMO_ORDERS) {
    const customer = customers.get(order.shopper);
    if (!customer) throw new Error(`No demo shopper ${order.shopper}`);
    await placeDemoOrder(db, random, order, customer);
  }
}

/** Who places an order: the account or guest record it belongs to, and where it goes. */
type Customer = {
  customerId: number | undefined;
  email: string;
  registered: boolean;
  shipping: OrderAddress;
  billing: OrderAddress;
};

async function demoCustomers(db: Db): Promise<Map<DemoOrder["shopper"], Customer>> {
  const customers = new Map<DemoOrder["shopper"], Customer>();
  const demo = await findUserByEmail(db, DEMO_ACCOUNTS.customer.email);
  const [shipping, billing] = demo
    ? await Promise.all([
        savedAddress(db, demo.id, "shipping"),
        savedAddress(db, demo.id, "billing"),
      ])
    : [];
  if (!demo || !shipping) throw new Error("The demo orders need the demo customer's address");
  customers.set("demo", {
    customerId: demo.id,
    email: demo.email,
    registered: true,
    shipping: orderAddress(shipping),
    billing: orderAddress(billing ?? shipping),
  });

  const others = Object.entries(SHOPPERS) as Array<[keyof typeof SHOPPERS, OtherShopper]>;
  // Customers who shop here, not accounts to try: nobody knows their passwords.
  await createAccounts(
    db,
    await Promise.all(
      others
        .filter(([, shopper]) => shopper.registered)
        .map(async ([, { email, address }]) => ({
          email,
          name: address.fullName,
          passwordHash: await hashPassword(randomBytes(24).toString("base64url")),
          role: "customer" as const,
          addresses: [{ ...address, kind: "shipping" as const }],
        })),
    ),
  );
  for (const [key, { email, address, registered }] of others) {
    const customerId = registered
      ? (await findUserByEmail(db, email))?.id
      : await guestCustomerFor(db, email, address.fullName);
    customers.set(key, {
      customerId,
      email,
      registered: registered ?? false,
      shipping: address,
      billing: address,
    });
  }
  return customers;
}

/**
 * A variant for `pick`, drawn from the published products of that type (and band) that were out
 * by `day` and are not pre-orders (a pre-order would not have been sent yet), with plenty in stock
 * (so no demo order looks like it bought the last few); none when the catalogue has no such thing.
 */
async function pickVariant(
  db: Db,
  random: Random,
  pick: LinePick,
  day: string,
  exclude: ReadonlySet<number>,
): Promise<{ productId: number; variantId: number } | undefined> {
  const { data } = await listProducts(db, {
    page: 1,
    perPage: 100,
    inStock: true,
    sort: "title",
    ...(pick.type ? { type: [pick.type] } : {}),
    ...(pick.band ? { brand: [pick.band] } : {}),
  });
  const candidates = data.filter(
    (card) =>
      !card.preOrder &&
      card.releaseDate !== null &&
      card.releaseDate <= day &&
      !exclude.has(card.id),
  );
  for (const card of random.sample(candidates, candidates.length)) {
    const product = await getProduct(db, card.id);
    const variants = product?.variants.filter(
      (variant) => variant.inStock && variant.stockLeft === null,
    );
    if (variants?.length) return { productId: card.id, variantId: random.pick(variants).id };
  }
  return undefined;
}

async function placeDemoOrder(db: Db, random: Random, demo: DemoOrder, customer: Customer) {
  const placedAt = dayAt(SEED_NOW, -demo.placed[0], demo.placed[1]);
  const day = placedAt.toISOString().slice(0, 10);
  const lines: BasketLineRequest[] = [];
  const products = new Set<number>();
  for (const pick of demo.lines) {
    const picked = await pickVariant(db, random, pick, day, products);
    // A catalogue seeded some other way (`npm run seed`) may not have it: no such order then.
    if (!picked) return;
    products.add(picked.productId);
    lines.push({ id: picked.variantId, quantity: pick.quantity ?? 1 });
  }

  const { country, postcode } = customer.shipping;
  const group = await determineDeliveryGroup(db, { country, postcode, lines });
  const option = isRefusal(group)
    ? undefined
    : group.options.find((candidate) => candidate.title === demo.delivery);
  // Nor may delivery set up some other way offer it.
  if (!option) return;
  const priced = await priceCheckout(db, {
    lines,
    discount: demo.code,
    country,
    postcode,
    deliveryOptionId: option.id,
    shopper: customer.registered
      ? customerShopper(customer.email)
      : await checkoutShopper(db, undefined, customer.email),
  });
  const what = `The demo order of ${customer.email} on ${day}`;
  if (isRefusal(priced)) throw new Error(`${what} cannot be priced: ${priced.message}`);
  const { quote, discount, deliveryOption } = priced;
  const problem = quote.problems[0]?.message ?? quote.discountProblem;
  if (problem || !deliveryOption) {
    throw new Error(`${what} cannot be charged: ${problem ?? "no delivery option"}`);
  }

  const { customerId, email } = customer;
  const { order } = await createPendingOrder(
    db,
    newOrderFromQuote(
      { ...priced, deliveryOption },
      {
        customerId: customerId ?? null,
        email,
        reservedUntil: new Date(placedAt.getTime() + RESERVATION_MS),
        shippingAddress: customer.shipping,
        billingAddress: customer.billing,
        paymentProvider: testProvider.id,
      },
    ),
  );
  if (discount) {
    const redeemed = await redeemDiscount(db, {
      discountId: discount.id,
      email,
      customerId,
      orderId: order.id,
      at: placedAt,
    });
    if (!redeemed.ok) throw new Error(`${what} cannot use ${discount.code}: ${redeemed.message}`);
  }

  const declined = demo.outcome === "declined";
  // Only the declined order takes its stock, as its reservation did, and the decline gives it
  // back; the others take none, so the catalogue seed's stock is what these sales left.
  if (declined) {
    const taken = await takeStock(
      db,
      lines.map((line) => ({ variantId: line.id, quantity: line.quantity })),
    );
    if (!taken.ok) throw new Error(`${what} is short of variant ${taken.shortVariantId}`);
  }
  const payment = await testProvider.charge(db, {
    orderId: order.id,
    orderNumber: order.number,
    amount: order.total,
    email,
    outcome: declined ? "decline" : "success",
  });
  await recordPayment(db, payment);
  await recordPaymentReference(db, order.id, payment.reference);

  // Each move through the status machine, then the times they happened.
  const times: OrderHistoryTimes = { placedAt };
  const answered = new Date(placedAt.getTime() + PAYMENT_MS);
  if (declined) {
    await cancelPendingOrder(db, order.id, payment.declineMessage ?? DECLINED);
    times.cancelledAt = answered;
  } else {
    await markOrderPaid(db, order.id);
    times.paidAt = answered;
  }
  const dispatchedAt = dayAt(placedAt, 1, DISPATCH_TIME);
  if (demo.outcome === "dispatched" || demo.outcome === "refunded") {
    // A tracking number in the carrier's shape, the same for the same order on every seed.
    const serial = String(order.id).padStart(9, "0");
    const trackingNumber = order.deliveryCarrier.startsWith("DPD")
      ? `15501${serial}`
      : `RN${serial}GB`;
    await markOrderDispatched(db, order.id, { carrier: order.deliveryCarrier, trackingNumber });
    times.dispatchedAt = dispatchedAt;
  }
  if (demo.outcome === "refunded") {
    await markOrderRefunded(db, order.id, "dispatched", "Returned by the customer");
    times.refundedAt = dayAt(dispatchedAt, REFUND_AFTER_DAYS, REFUND_TIME);
  }
  await backdateOrder(db, order.id, times);
}
