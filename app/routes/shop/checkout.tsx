import { PageHeading } from "../../components/page-heading";
import { screenMeta } from "../../lib/meta";

export const meta = screenMeta("Checkout", { noindex: true });

export const headers = () => ({ "Cache-Control": "private, no-store" });

/** The checkout: delivery, payment and review, as a guest or signed in. */
export default function Checkout() {
  return (
    <>
      <PageHeading
        title="Checkout"
        intro="Delivery details, delivery option and payment, then your order is placed."
      />
      <ol className="grid gap-4 md:grid-cols-3">
        {["Your details", "Delivery", "Payment"].map((step, index) => (
          <li key={step} className="rounded-2xl bg-white p-6 ring-1 ring-line">
            <p className="text-sm font-bold uppercase tracking-wider text-muted">
              Step {index + 1}
            </p>
            <h2 className="mt-1 font-display text-xl">{step}</h2>
          </li>
        ))}
      </ol>
    </>
  );
}
