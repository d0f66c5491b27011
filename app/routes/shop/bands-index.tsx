import { PageHeading } from "../../components/page-heading";
import { screenMeta } from "../../lib/meta";

export const meta = screenMeta("Bands");

export default function BandsIndex() {
  return (
    <PageHeading title="Bands" intro="Official merchandise from every band we carry, A to Z." />
  );
}
