import { PageHeading } from "../../components/page-heading";
import { screenMeta } from "../../lib/meta";

export const meta = screenMeta("Sizing guide");

export default function HelpSizingGuide() {
  return (
    <PageHeading
      title="Sizing guide"
      intro="How to measure, and our size tables for every garment we sell."
    />
  );
}
