import { venues } from "../../venues/schema.ts";
import type { Db } from "../client.ts";

// The demo shop's venues, made up like its bands: a few sizes across the UK, and one whose
// postcode and capacity nobody has entered yet, as staff will often meet.

export const DEMO_VENUES = [
  { name: "The Harbour Rooms", city: "Whitby", postcode: "YO21 3PU", capacity: 350 },
  { name: "Northern Lights Ballroom", city: "Leeds", postcode: "LS1 4AP", capacity: 1200 },
  { name: "Static Hall", city: "Bristol", postcode: "BS1 5TR", capacity: 800 },
  { name: "The Lantern", city: "Glasgow", postcode: "G2 3JD", capacity: 250 },
  { name: "Pier Pavilion", city: "Brighton", postcode: null, capacity: null },
];

export async function seedDemoVenues(db: Db): Promise<void> {
  await db.insert(venues).values(DEMO_VENUES);
}
