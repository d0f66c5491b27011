import { COUNTRY_CODES } from "../../../common/countries.ts";
import { createDeliveryGroups } from "../../delivery/service.ts";
import type { Db } from "../client.ts";

// The demo shop's delivery, as its shipping policy (server/content/defaults/legal/
// shipping-policy.md, section 2) states it: prices in pence, VAT included; days are working days
// after dispatch.

// Royal Mail and DPD deliver to the Channel Islands and the Isle of Man as to the UK.
const UK = ["GB", "GG", "IM", "JE"];

// The EU, EFTA and the rest of geographic Europe (Royal Mail's International Tracked "Europe").
const EUROPE = [
  // The European Union.
  ...["AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "ES", "FI", "FR", "GR", "HR", "HU"],
  ...["IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK"],
  // EFTA, the microstates, the Balkans, the east, and territories in Europe.
  ...["CH", "IS", "LI", "NO", "AD", "MC", "SM", "VA", "AL", "BA", "ME", "MK", "RS"],
  ...["MD", "UA", "TR", "AX", "FO", "GI", "SJ"],
];

// Served by no group, so a shopper is told before paying: countries whose UK sanctions regimes
// restrict trade with them, and territories with no postal service.
const NOT_SERVED = ["BY", "IR", "KP", "RU", "AQ", "BV", "GS", "HM", "IO", "TF", "UM"];

const REST_OF_THE_WORLD = COUNTRY_CODES.filter(
  (code) => !UK.includes(code) && !EUROPE.includes(code) && !NOT_SERVED.includes(code),
);

/** The demo shop's delivery option groups: United Kingdom, Europe and Rest of the world. */
export async function seedDemoDelivery(db: Db): Promise<void> {
  await createDeliveryGroups(db, [
    {
      title: "United Kingdom",
      position: 0,
      countries: UK,
      options: [
        {
          title: "UK Standard",
          carrier: "Royal Mail Tracked 48",
          price: 395,
          freeOver: 5000,
          estimatedDaysMin: 2,
          estimatedDaysMax: 3,
          servesBfpo: true,
        },
        {
          title: "UK Express",
          carrier: "Royal Mail Tracked 24",
          price: 595,
          estimatedDaysMin: 1,
          estimatedDaysMax: 1,
        },
        {
          title: "UK Next Working Day",
          carrier: "DPD",
          price: 795,
          estimatedDaysMin: 1,
          estimatedDaysMax: 1,
        },
      ],
    },
    {
      title: "Europe",
      position: 1,
      countries: EUROPE,
      options: [
        {
          title: "Europe",
          carrier: "Royal Mail International Tracked",
          price: 995,
          estimatedDaysMin: 5,
          estimatedDaysMax: 8,
        },
      ],
    },
    {
      title: "Rest of the world",
      position: 2,
      countries: REST_OF_THE_WORLD,
      options: [
        {
          title: "Rest of world",
          carrier: "Royal Mail International Tracked",
          price: 1495,
          estimatedDaysMin: 7,
          estimatedDaysMax: 14,
        },
      ],
    },
  ]);
}
