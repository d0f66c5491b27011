import type { PublicAddress } from "../../common/accounts";
import { AppLink } from "./ui/app-link";

const COUNTRY_NAMES = new Intl.DisplayNames(["en-GB"], { type: "region" });

/** A saved address as it would go on a parcel, with a link to edit it where one is given. */
export function SavedAddress({
  title,
  address,
  editTo,
}: {
  title: string;
  address: PublicAddress | null;
  editTo?: string;
}) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      {address ? (
        <address className="mt-1 text-muted not-italic">
          {[
            address.fullName,
            address.line1,
            address.line2,
            address.city,
            address.county,
            address.postcode,
            COUNTRY_NAMES.of(address.country) ?? address.country,
          ]
            .filter(Boolean)
            .map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          {address.phone && <span className="mt-1 block">Phone: {address.phone}</span>}
        </address>
      ) : null}
      {address && editTo ? (
        <AppLink
          to={editTo}
          className="mt-2 inline-block font-semibold underline hover:text-accent"
        >
          Edit<span className="sr-only"> {title.toLowerCase()}</span>
        </AppLink>
      ) : null}
      {address ? null : (
        <p className="mt-1 text-muted">
          None saved yet. The address you use at checkout is kept here.
        </p>
      )}
    </div>
  );
}
