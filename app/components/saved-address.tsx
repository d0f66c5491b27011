import type { PublicAddress } from "../../common/accounts";

const COUNTRY_NAMES = new Intl.DisplayNames(["en-GB"], { type: "region" });

/** A saved address as it would go on a parcel. */
export function SavedAddress({ title, address }: { title: string; address: PublicAddress | null }) {
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
      ) : (
        <p className="mt-1 text-muted">
          None saved yet. The address you use at checkout is kept here.
        </p>
      )}
    </div>
  );
}
