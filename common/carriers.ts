/** The carriers staff dispatch with, and each one's tracking page for a parcel. */
export const CARRIERS = [
  {
    id: "royal-mail",
    name: "Royal Mail",
    trackingUrl: (n: string) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  },
  { id: "dpd", name: "DPD", trackingUrl: (n: string) => `https://track.dpd.co.uk/parcels/${n}` },
  {
    id: "evri",
    name: "Evri",
    trackingUrl: (n: string) => `https://www.evri.com/track/parcel/${n}`,
  },
  {
    id: "dhl",
    name: "DHL",
    trackingUrl: (n: string) =>
      `https://www.dhl.com/gb-en/home/tracking/tracking-parcel.html?tracking-id=${n}`,
  },
  {
    id: "parcelforce",
    name: "Parcelforce",
    trackingUrl: (n: string) => `https://www.parcelforce.com/track-trace?trackNumber=${n}`,
  },
] as const;

export type CarrierId = (typeof CARRIERS)[number]["id"];

export const CARRIER_IDS = CARRIERS.map((carrier) => carrier.id) as [CarrierId, ...CarrierId[]];

/** The carrier of an id, or of a name as a person types it ("royal mail", "DPD"). */
export function carrierOf(text: string) {
  const key = text.trim().toLowerCase().replace(/\s+/g, "-");
  return CARRIERS.find((carrier) => carrier.id === key || carrier.name.toLowerCase() === key);
}
