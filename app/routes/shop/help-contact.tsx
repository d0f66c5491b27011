import { PageHeading } from "../../components/page-heading";
import { screenMeta } from "../../lib/meta";

export const meta = screenMeta("Contact us");

export default function HelpContact() {
  return (
    <PageHeading
      title="Contact us"
      intro="Questions about an order, sizing or a return? Our team is here to help."
    />
  );
}
