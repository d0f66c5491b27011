import { PageHeading } from "../../components/page-heading";
import { screenMeta } from "../../lib/meta";

export const meta = screenMeta("Shop all");

export default function ProductsIndex() {
  return (
    <PageHeading
      title="Shop all"
      intro="T-shirts, hoodies, posters, vinyl and more, all officially licensed."
    />
  );
}
