import { describe, expect, it } from "vitest";
import { loadConfig } from "../config.ts";
import { enabledPaymentProviders, paymentProviderFor } from "./service.ts";

const stripeKeys = {
  STRIPE_SECRET_KEY: "sk_test_51Encore0000secret",
  STRIPE_PUBLISHABLE_KEY: "pk_test_51Encore0000public",
  STRIPE_WEBHOOK_SECRET: "whsec_Encore0000signing",
};

describe("which payment providers a shop offers", () => {
  it("the test provider, until Stripe is configured", () => {
    const config = loadConfig({});
    expect(enabledPaymentProviders(config).map(({ id }) => id)).toEqual(["test"]);
    expect(paymentProviderFor(config, "test")?.id).toBe("test");
    expect(paymentProviderFor(config, "stripe")).toBeUndefined();
  });

  it("only Stripe once it is: a shop taking real money offers no way to pay nothing", () => {
    const config = loadConfig(stripeKeys);
    expect(enabledPaymentProviders(config).map(({ id }) => id)).toEqual(["stripe"]);
    expect(paymentProviderFor(config, "stripe")?.id).toBe("stripe");
    expect(paymentProviderFor(config, "test")).toBeUndefined();
  });

  it("one Stripe client per configuration", () => {
    const config = loadConfig(stripeKeys);
    expect(paymentProviderFor(config, "stripe")).toBe(paymentProviderFor(config, "stripe"));
  });
});
