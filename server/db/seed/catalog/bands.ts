import type { BrandLinks } from "../../../../common/catalog.ts";
import type { WordmarkStyle } from "../mockups.ts";

/**
 * The demo shop's bands. Every name, record and song is made up; any likeness to a real act is a
 * coincidence. Links point at example.com only.
 */
export type DemoBand = {
  slug: string;
  title: string;
  /** Three letters in SKUs: ENC-<code>-… */
  code: string;
  genre: string;
  origin: string;
  founded: number;
  story: string;
  featured: boolean;
  style: WordmarkStyle;
  palette: { ink: string; paper: string; accent: string };
  albums: [string, string];
  /** The 2026 tour's name: "<tour> Tour 2026". */
  tour: string;
  songs: [string, string];
};

type BandInput = Omit<DemoBand, "slug" | "story" | "palette"> & {
  story: [string, string] | [string, string, string];
  palette: [ink: string, paper: string, accent: string];
};

function band(input: BandInput): DemoBand {
  const [ink, paper, accent] = input.palette;
  return {
    ...input,
    slug: input.title
      .toLowerCase()
      .replace(/&/g, "and")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, ""),
    story: input.story.map((sentence) => `<p>${sentence}</p>`).join(""),
    palette: { ink, paper, accent },
  };
}

/** A band's links: a website, and a few of the usual profiles, all on example.com. */
export function demoBandLinks(band: DemoBand, index: number): BrandLinks {
  const base = `https://example.com/${band.slug}`;
  const links: BrandLinks = { website: base, instagram: `${base}/instagram` };
  if (index % 2 === 0) links.spotify = `${base}/listen`;
  if (index % 3 !== 1) links.bandcamp = `${base}/bandcamp`;
  if (index % 4 === 0) links.youtube = `${base}/videos`;
  return links;
}

export const DEMO_BANDS: DemoBand[] = [
  band({
    title: "Static Gulls",
    code: "SGL",
    genre: "Indie",
    origin: "Brighton",
    founded: 2017,
    featured: true,
    style: "block",
    palette: ["#1d2a3a", "#f2ece1", "#ff6b3d"],
    albums: ["Low Tide Radio", "Pier Lights"],
    tour: "Low Tide",
    songs: ["Shingle", "Westerly"],
    story: [
      "Static Gulls formed in a damp rehearsal room under the seafront arches in 2017 and have been writing bright, wiry guitar songs about the south coast ever since.",
      "Their second album, <em>Low Tide Radio</em>, was recorded in eleven days in a converted beach hut, and its first vinyl pressing sold out in an afternoon.",
    ],
  }),
  band({
    title: "Marrow Lights",
    code: "MRL",
    genre: "Shoegaze",
    origin: "Reading",
    founded: 2015,
    featured: false,
    style: "narrow",
    palette: ["#241b35", "#efe6f5", "#b48cff"],
    albums: ["Soft Static", "Slow Bloom"],
    tour: "Slow Bloom",
    songs: ["Halation", "Thames Fog"],
    story: [
      "Marrow Lights make the kind of slow, blurred noise that sounds best at a volume your neighbours will mention.",
      "Three friends from a Reading record shop, they build every song from a single looped guitar and a borrowed organ.",
    ],
  }),
  band({
    title: "Pylon Hymns",
    code: "PYH",
    genre: "Post-punk",
    origin: "Leeds",
    founded: 2014,
    featured: true,
    style: "narrow",
    palette: ["#111111", "#e9e9e9", "#d7263d"],
    albums: ["Concrete Psalms", "Northern Grid"],
    tour: "Northern Grid",
    songs: ["Ring Road", "Substation"],
    story: [
      "Pylon Hymns play taut, angular post-punk with a drum machine older than two of its members.",
      "<em>Northern Grid</em> turned a cult Leeds live act into a band that sells out city halls, and the 2026 tour is their longest yet.",
    ],
  }),
  band({
    title: "The Bramble Saints",
    code: "BRS",
    genre: "Folk",
    origin: "Hebden Bridge",
    founded: 2012,
    featured: false,
    style: "serif",
    palette: ["#2d2418", "#f3ead8", "#c9a227"],
    albums: ["Hedgerow Hymnal", "Calder Songs"],
    tour: "Hedgerow",
    songs: ["The Mill Race", "Heptonstall"],
    story: [
      "The Bramble Saints are a five-piece from the Calder Valley who sing old tunes and new ones as if nobody could tell them apart.",
      "Fiddle, concertina and three-part harmony, recorded live in a chapel with the doors open and the rain coming in.",
    ],
  }),
  band({
    title: "Riot Allotment",
    code: "RAL",
    genre: "Punk",
    origin: "Bristol",
    founded: 2019,
    featured: false,
    style: "block",
    palette: ["#1a1a1a", "#f4f0e6", "#9bd12b"],
    albums: ["Grow Your Own", "Compost Heap Anthems"],
    tour: "Grow Your Own",
    songs: ["Council Letter", "Shed Party"],
    story: [
      "Riot Allotment write two-minute punk songs about rent, rhubarb and the parish council.",
      "They first played in a shed on their own allotment and still soundcheck with a watering can.",
    ],
  }),
  band({
    title: "Iron Fenland",
    code: "IFN",
    genre: "Metal",
    origin: "Peterborough",
    founded: 2011,
    featured: false,
    style: "block",
    palette: ["#0c0c0c", "#d9d9d9", "#a31414"],
    albums: ["Drowned Acres", "Sluice Gate"],
    tour: "Drowned Acres",
    songs: ["Black Fen", "Pump House"],
    story: [
      "Iron Fenland make heavy, patient metal shaped by flat land and big skies.",
      "Their riffs arrive like weather across the fens: slowly, then all at once.",
      "<em>Drowned Acres</em> was mixed in a converted pumping station, which explains the low end.",
    ],
  }),
  band({
    title: "Neon Tidal",
    code: "NTD",
    genre: "Synth-pop",
    origin: "Sheffield",
    founded: 2016,
    featured: true,
    style: "mono",
    palette: ["#14112b", "#f0ecff", "#ff3fa4"],
    albums: ["Afterglow Arcade", "Tram Lines at Midnight"],
    tour: "Afterglow",
    songs: ["Steel City Heart", "Night Shift"],
    story: [
      "Neon Tidal build glossy, heart-on-sleeve synth-pop from second-hand keyboards and late trams home.",
      "<em>Afterglow Arcade</em> went top ten on the independent chart, and the Afterglow tour takes the light show to sixteen cities.",
    ],
  }),
  band({
    title: "Floor Twelve",
    code: "FTW",
    genre: "Grime",
    origin: "Croydon",
    founded: 2018,
    featured: false,
    style: "block",
    palette: ["#0d0d0d", "#f5f5f5", "#ffd400"],
    albums: ["Lift Out of Order", "East of the Flyover"],
    tour: "Lift Out of Order",
    songs: ["Tram Stop", "Twelve Floors Up"],
    story: [
      "Floor Twelve are an MC and producer crew from a south London tower block, trading bars over bass that rattles the windows.",
      "Their pirate-radio roots show in every track: quick, funny and made to be rewound.",
    ],
  }),
  band({
    title: "The Quayside Quintet",
    code: "QQN",
    genre: "Jazz",
    origin: "Newcastle upon Tyne",
    founded: 2013,
    featured: false,
    style: "serif",
    palette: ["#13294b", "#f1e9dc", "#e0a458"],
    albums: ["Blue Hour on the Tyne", "Swing Bridge"],
    tour: "Swing Bridge",
    songs: ["Ouseburn Blues", "High Level"],
    story: [
      "The Quayside Quintet play warm, melodic jazz that owes as much to brass bands as to Blue Note.",
      "They held a Sunday residency in a riverside pub for six years before anyone thought to record them.",
    ],
  }),
  band({
    title: "Subway Moth",
    code: "SBM",
    genre: "Drum & bass",
    origin: "Bristol",
    founded: 2015,
    featured: true,
    style: "mono",
    palette: ["#0f1b2d", "#e6f1ff", "#39ff88"],
    albums: ["Underpass", "Rolling Stock"],
    tour: "Underpass",
    songs: ["Sub Signal", "Harbourside"],
    story: [
      "Subway Moth is a producer and a drummer who turn rolling drum &amp; bass into a live show with no laptop in sight.",
      "<em>Underpass</em> was sampled almost entirely from field recordings made under Bristol's bridges.",
    ],
  }),
  band({
    title: "Hollow Estuary",
    code: "HES",
    genre: "Post-rock",
    origin: "Southend-on-Sea",
    founded: 2010,
    featured: false,
    style: "serif",
    palette: ["#1e2b2f", "#e7efee", "#5fb3b3"],
    albums: ["Mudflats", "The Longest Pier"],
    tour: "Mudflats",
    songs: ["Low Water", "Thames Barge"],
    story: [
      "Hollow Estuary write long instrumentals that rise and fall like the tide on the Essex mudflats.",
      "Their live shows run to two hours, and nobody has ever asked them to hurry up.",
    ],
  }),
  band({
    title: "Tinfoil Monarchs",
    code: "TFM",
    genre: "Glam punk",
    origin: "Coventry",
    founded: 2020,
    featured: false,
    style: "block",
    palette: ["#2b0f3a", "#fbeaff", "#ffb000"],
    albums: ["Crown Court", "Ring Road Royalty"],
    tour: "Crown Court",
    songs: ["Spires", "Glitter Verdict"],
    story: [
      "Tinfoil Monarchs are loud, glittering and very nearly in tune, which is exactly the point.",
      "They make their own stage costumes from kitchen foil and charity-shop curtains.",
    ],
  }),
  band({
    title: "Lantern Vale",
    code: "LVL",
    genre: "Folk",
    origin: "Kendal",
    founded: 2016,
    featured: false,
    style: "serif",
    palette: ["#24302a", "#efe9dc", "#d9822b"],
    albums: ["Fellside", "Mint Cake Mornings"],
    tour: "Fellside",
    songs: ["Scout Scar", "Lantern Light"],
    story: [
      "Lantern Vale is a songwriter and a harmonium, joined on record by whoever is in the village hall that day.",
      "Her songs are about walking, weather and the people you meet halfway up a fell.",
    ],
  }),
  band({
    title: "Sodium Haze",
    code: "SDH",
    genre: "Shoegaze",
    origin: "Glasgow",
    founded: 2013,
    featured: false,
    style: "narrow",
    palette: ["#2a1a0e", "#fdf0e0", "#ff9933"],
    albums: ["Streetlight Orange", "Clyde Static"],
    tour: "Streetlight",
    songs: ["Merchant City", "Sodium Rain"],
    story: [
      "Sodium Haze named themselves after the orange glow of the streetlights outside their first flat.",
      "Their records are built from walls of guitar and buried vocals; their gigs are louder still.",
    ],
  }),
  band({
    title: "Gravel Psalms",
    code: "GRP",
    genre: "Metal",
    origin: "Birmingham",
    founded: 2009,
    featured: false,
    style: "block",
    palette: ["#101010", "#cfcfcf", "#7a9a2e"],
    albums: ["Foundry Smoke", "Canal Dirges"],
    tour: "Foundry Smoke",
    songs: ["Digbeth", "Slag Heap"],
    story: [
      "Gravel Psalms play doom metal at the speed of a narrowboat and the weight of a foundry.",
      "Fifteen years in, they have never played a song shorter than seven minutes.",
    ],
  }),
  band({
    title: "Paper Satellites",
    code: "PST",
    genre: "Synth-pop",
    origin: "Swindon",
    founded: 2018,
    featured: false,
    style: "mono",
    palette: ["#1b2440", "#eef3ff", "#4fc3f7"],
    albums: ["Orbit Roundabout", "Railway Village"],
    tour: "Orbit",
    songs: ["Signal Box", "Satellite Town"],
    story: [
      "Paper Satellites are a duo who make bright, bleeping pop songs about commuter towns and the people who love them.",
      "Everything they record goes through a tape machine rescued from a railway works.",
    ],
  }),
  band({
    title: "The Dovecote Assembly",
    code: "DCA",
    genre: "Folk",
    origin: "Norwich",
    founded: 2014,
    featured: false,
    style: "serif",
    palette: ["#3a2e2a", "#f6efe6", "#7a9e7e"],
    albums: ["Broadland", "Wherry"],
    tour: "Broadland",
    songs: ["Reedbeds", "Cathedral Close"],
    story: [
      "The Dovecote Assembly are a seven-piece indie-folk collective with more instruments than members.",
      "Their songs drift through the Norfolk Broads, full of reeds, rivers and slow boats.",
    ],
  }),
  band({
    title: "Blackthorn Signal",
    code: "BTS",
    genre: "Post-punk",
    origin: "Cardiff",
    founded: 2015,
    featured: true,
    style: "narrow",
    palette: ["#161a1d", "#e8ecef", "#e63946"],
    albums: ["Bay Lights", "Valleys Broadcast"],
    tour: "Bay Lights",
    songs: ["Docklands", "Signal Fires"],
    story: [
      "Blackthorn Signal sing in Welsh and English over bass lines you can feel in your teeth.",
      "<em>Bay Lights</em> was written on night shifts at the docks, and it sounds like it.",
      "The 2026 tour is their first to cross the Severn more than twice.",
    ],
  }),
  band({
    title: "Night Bus Prophets",
    code: "NBP",
    genre: "Drum & bass",
    origin: "London",
    founded: 2012,
    featured: false,
    style: "mono",
    palette: ["#0a0a23", "#e0e0ff", "#ff4d00"],
    albums: ["Last Stop", "Top Deck Sermons"],
    tour: "Last Stop",
    songs: ["Top Deck", "Request Stop"],
    story: [
      "Night Bus Prophets make jungle and drum &amp; bass for the journey home, not the club.",
      "Their sets mix breakbeats with recordings of bus announcements from all over south London.",
    ],
  }),
  band({
    title: "Wrack Line",
    code: "WRL",
    genre: "Indie",
    origin: "Whitby",
    founded: 2019,
    featured: false,
    style: "block",
    palette: ["#1f2421", "#ece7df", "#c05746"],
    albums: ["Jet and Bone", "199 Steps"],
    tour: "Jet and Bone",
    songs: ["Abbey Wind", "Kipper Smoke"],
    story: [
      "Wrack Line are a seaside indie band who sound like a sea fret rolling into the harbour.",
      "Their jangling guitars and gothic lyrics have found fans a long way from the Yorkshire coast.",
    ],
  }),
  band({
    title: "Cobalt Parade",
    code: "CBP",
    genre: "Britpop",
    origin: "Oxford",
    founded: 2017,
    featured: false,
    style: "block",
    palette: ["#0b3d91", "#f3f6ff", "#ffcc00"],
    albums: ["Carnival Season", "Dreaming in Spires"],
    tour: "Carnival",
    songs: ["Port Meadow", "Last Bus Out"],
    story: [
      "Cobalt Parade write big, swaggering choruses with a wink, as if the nineties never quite ended.",
      "Their singalongs have become a fixture of summer festivals across the south.",
    ],
  }),
  band({
    title: "Mothwing Cathedral",
    code: "MWC",
    genre: "Dream pop",
    origin: "Bath",
    founded: 2016,
    featured: false,
    style: "serif",
    palette: ["#2e2433", "#f5eef7", "#d4a5c9"],
    albums: ["Pump Room Lullabies", "Honey Stone"],
    tour: "Honey Stone",
    songs: ["Crescent Moon", "Velvet Moth"],
    story: [
      "Mothwing Cathedral make soft, shimmering dream pop in a Georgian basement with terrible phone signal.",
      "Their songs are built for headphones and long train journeys west.",
    ],
  }),
  band({
    title: "Gutter Sparrows",
    code: "GSP",
    genre: "Punk",
    origin: "Hull",
    founded: 2016,
    featured: false,
    style: "block",
    palette: ["#121212", "#f0f0f0", "#00a6ed"],
    albums: ["Humber Fury", "Fish Dock Riot"],
    tour: "Humber Fury",
    songs: ["Bridge Too Long", "Spurn Point"],
    story: [
      "Gutter Sparrows are a fast, funny and furious punk band from the East Riding.",
      "They have played every pub in Hull at least twice and been asked back to most of them.",
    ],
  }),
  band({
    title: "Electric Lido",
    code: "ELD",
    genre: "Synth-pop",
    origin: "Margate",
    founded: 2019,
    featured: true,
    style: "block",
    palette: ["#3b0a45", "#fff2e6", "#ff5ea0"],
    albums: ["Tidal Pool Disco", "Lido After Dark"],
    tour: "Tidal Pool",
    songs: ["Sea Bathing", "Harbour Arm"],
    story: [
      "Electric Lido turn seaside nostalgia into glittering disco-pop, complete with string sections and a glockenspiel.",
      "<em>Tidal Pool Disco</em> was written in a beach chalet over one long, hot summer.",
    ],
  }),
  band({
    title: "Hexham Tapes",
    code: "HXT",
    genre: "Indie",
    origin: "Hexham",
    founded: 2021,
    featured: false,
    style: "mono",
    palette: ["#2f2a24", "#f2ebe0", "#e07a5f"],
    albums: ["Abbey Grounds", "Four-Track Winter"],
    tour: "Four-Track",
    songs: ["Tyne Green", "Tape Hiss"],
    story: [
      "Hexham Tapes is one songwriter, a four-track recorder and a box of cassettes from a car-boot sale.",
      "The hiss is part of the charm, and so are the tunes.",
    ],
  }),
  band({
    title: "The Lowland Cartographers",
    code: "LWC",
    genre: "Folk",
    origin: "Edinburgh",
    founded: 2011,
    featured: false,
    style: "serif",
    palette: ["#1c3144", "#f4efe4", "#a23b72"],
    albums: ["Haar", "Old Town Maps"],
    tour: "Haar",
    songs: ["Leith Walk", "Closes and Wynds"],
    story: [
      "The Lowland Cartographers map old Scottish tunes onto pipes, cello and drum machine.",
      "Their album <em>Haar</em> is named after the sea mist that rolls in over the city in summer.",
    ],
  }),
  band({
    title: "Brutal Tea Party",
    code: "BTP",
    genre: "Hardcore",
    origin: "Nottingham",
    founded: 2018,
    featured: false,
    style: "block",
    palette: ["#1a0f0f", "#fff5f0", "#ff2e2e"],
    albums: ["Milk First", "Lace Market Mosh"],
    tour: "Milk First",
    songs: ["Builder's Brew", "Sneinton Stomp"],
    story: [
      "Brutal Tea Party play hardcore at a polite volume of eleven and always offer the support band a biscuit.",
      "Their shows are short, sweaty and strictly good-natured.",
    ],
  }),
  band({
    title: "Quiet Foundry",
    code: "QFD",
    genre: "Jazz",
    origin: "Stoke-on-Trent",
    founded: 2014,
    featured: false,
    style: "serif",
    palette: ["#2b2b2b", "#f0ebe3", "#b5651d"],
    albums: ["Kiln Light", "Six Towns Suite"],
    tour: "Kiln Light",
    songs: ["Bottle Oven", "Slip and Glaze"],
    story: [
      "Quiet Foundry are a piano trio who write spacious, late-night jazz in a former pottery works.",
      "<em>Six Towns Suite</em> gives each of the Potteries towns its own movement.",
    ],
  }),
];
