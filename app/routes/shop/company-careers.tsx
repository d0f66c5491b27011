import { PageHeading } from "../../components/page-heading";
import { screenMeta } from "../../lib/meta";

export const meta = screenMeta("Careers");

export default function CompanyCareers() {
  return <PageHeading title="Careers" intro="Help us get official merch to fans across the UK." />;
}
