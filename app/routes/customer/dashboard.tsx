import { PageHeading } from "../../components/page-heading";
import { screenMeta } from "../../lib/meta";

export const meta = screenMeta("My account", { noindex: true });

export default function CustomerDashboard() {
  return (
    <>
      <PageHeading
        title="My account"
        intro="Your orders, saved details and password in one place."
      />
      <div className="grid gap-6 md:grid-cols-3">
        <section
          aria-labelledby="recent-orders"
          className="rounded-xl border border-line bg-white p-6 md:col-span-2"
        >
          <h2 id="recent-orders" className="text-lg font-bold">
            Recent orders
          </h2>
          <p className="mt-2 text-muted">You have not placed any orders yet.</p>
        </section>
        <section
          aria-labelledby="saved-details"
          className="rounded-xl border border-line bg-white p-6"
        >
          <h2 id="saved-details" className="text-lg font-bold">
            Saved details
          </h2>
          <p className="mt-2 text-muted">
            Delivery and billing addresses you save at checkout appear here.
          </p>
        </section>
      </div>
    </>
  );
}
