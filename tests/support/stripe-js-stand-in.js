// A STAND-IN FOR STRIPE.JS, for browser tests only. The shop loads Stripe.js from Stripe's servers
// (https://js.stripe.com/<release>/stripe.js, through @stripe/stripe-js), which this machine cannot
// reach; the browser tests route that address to this file instead. It is not Stripe's code and
// does only what the shop's card step uses, the way Stripe documents it
// (https://docs.stripe.com/js):
//
// - `Stripe(publishableKey)`;
// - `stripe.elements({ mode: "payment", amount, currency, appearance })`, `elements.update()` and
//   `elements.submit()` (which refuses until a card is chosen, as an incomplete card is refused);
// - `elements.create("payment")`, whose `mount(node)` draws a choice of Stripe's test cards in
//   place of the card form, with its `ready`, `loaderror` and `focus` events, and `destroy()`;
// - `stripe.confirmPayment({ elements, clientSecret, confirmParams, redirect: "if_required" })`,
//   which confirms the PaymentIntent as Stripe.js does: a form-encoded POST to
//   https://api.stripe.com/v1/payment_intents/<id>/confirm with the publishable key and the
//   client secret in the body, answering `{ paymentIntent }` or Stripe's `{ error }`. The tests
//   route api.stripe.com to the local Stripe server (stripe-server.ts), so the payment goes
//   through it, its signed webhook and the shop's own settling.
//
// No 3-D Secure, wallets or redirects: the local Stripe has none of them either.
(() => {
  const API = "https://api.stripe.com/v1";
  // Stripe serves each release at its own address; @stripe/stripe-js checks it loaded the one it
  // expects.
  const release = /js\.stripe\.com\/([a-z0-9]+)\//.exec(document.currentScript?.src ?? "")?.[1];

  // Stripe's test payment methods (https://docs.stripe.com/testing#cards), as the card form.
  const TEST_CARDS = [
    { paymentMethod: "pm_card_visa", label: "Test card 4242 4242 4242 4242 (pays)" },
    {
      paymentMethod: "pm_card_chargeDeclined",
      label: "Test card 4000 0000 0000 0002 (declined)",
    },
  ];

  function createPaymentElement(group) {
    const handlers = {};
    const emit = (type, event) => {
      for (const handler of handlers[type] ?? []) handler(event);
    };
    let container;
    const element = {
      on(type, handler) {
        handlers[type] = [...(handlers[type] ?? []), handler];
        return element;
      },
      mount(target) {
        container = typeof target === "string" ? document.querySelector(target) : target;
        if (!container) {
          setTimeout(() => emit("loaderror", { elementType: "payment", error: {} }));
          return;
        }
        const fieldset = document.createElement("fieldset");
        const legend = document.createElement("legend");
        legend.textContent = "Card (Stripe test stand-in)";
        fieldset.append(legend);
        for (const card of TEST_CARDS) {
          const label = document.createElement("label");
          const input = document.createElement("input");
          input.type = "radio";
          input.name = "stand-in-test-card";
          input.value = card.paymentMethod;
          // Stripe's frame is not part of the shop's form: its fields are never posted.
          input.setAttribute("form", "stripe-stand-in-card");
          label.append(input, ` ${card.label}`);
          fieldset.append(label);
        }
        fieldset.addEventListener("focusin", () => emit("focus", { elementType: "payment" }));
        container.append(fieldset);
        group.paymentElement = element;
        setTimeout(() => emit("ready", { elementType: "payment" }));
      },
      destroy() {
        container?.replaceChildren();
        group.paymentElement = undefined;
      },
      /** The test card chosen, if any. */
      chosen() {
        return container?.querySelector("input[name=stand-in-test-card]:checked")?.value;
      },
    };
    return element;
  }

  function createElements(options) {
    const group = {
      options: { ...options },
      paymentElement: undefined,
      create(type) {
        if (type !== "payment") throw new Error(`The stand-in has no ${type} element.`);
        return createPaymentElement(group);
      },
      update(changes) {
        Object.assign(group.options, changes);
      },
      async submit() {
        if (group.paymentElement?.chosen()) return { selectedPaymentMethod: "card" };
        return {
          error: {
            type: "validation_error",
            code: "incomplete_number",
            message: "Your card number is incomplete.",
          },
        };
      },
    };
    return group;
  }

  function initStripe(publishableKey) {
    if (typeof publishableKey !== "string" || !publishableKey.startsWith("pk_")) {
      throw new Error("Stripe(): expected a publishable key (pk_…).");
    }
    return {
      elements: createElements,
      async confirmPayment({ elements, clientSecret, confirmParams = {} }) {
        const paymentMethod = elements.paymentElement?.chosen();
        const id = clientSecret.split("_secret_")[0];
        const body = new URLSearchParams({
          payment_method: paymentMethod ?? "",
          ...(confirmParams.return_url ? { return_url: confirmParams.return_url } : {}),
          key: publishableKey,
          client_secret: clientSecret,
        });
        const response = await fetch(`${API}/payment_intents/${id}/confirm`, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body,
        });
        const answer = await response.json();
        return response.ok ? { paymentIntent: answer } : { error: answer.error };
      },
    };
  }
  initStripe.version = release;
  window.Stripe = initStripe;
})();
