import { PageHeading } from "../../components/page-heading";
import { screenMeta } from "../../lib/meta";

export const meta = screenMeta("Your basket", { noindex: true });

export default function BasketIndex() {
  return <PageHeading title="Your basket" intro="Your basket is empty." />;
}
