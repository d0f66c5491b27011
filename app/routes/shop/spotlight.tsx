import { PageHeading } from "../../components/page-heading";
import { screenMeta } from "../../lib/meta";

export const meta = screenMeta("Spotlight");

export default function SpotlightIndex() {
  return (
    <PageHeading
      title="Spotlight"
      intro="The band and the collection our team is excited about right now."
    />
  );
}
