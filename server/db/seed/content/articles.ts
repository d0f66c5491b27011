/** The demo shop's blogs and articles. Every band, person and event is made up. */
export type DemoBlog = { slug: string; title: string; description: string };
export type DemoArticle = {
  /** A DemoBlog slug. */
  blog: string;
  /** Kebab-case, unique within its blog. */
  slug: string;
  title: string;
  /** One or two sentences, plain text, at most 240 characters. */
  excerpt: string;
  /** A made-up staff writer. */
  author: string;
  /** ISO date, "2026-mm-dd". */
  publishedAt: string;
  /** A band slug from bands.ts, or null for a shop-wide article. */
  band: string | null;
  /** Unpublished. */
  draft?: true;
  /** Markdown. */
  body: string;
};

export const DEMO_BLOGS: DemoBlog[] = [
  {
    slug: "news",
    title: "News",
    description:
      "Shop and band news from Encore: new drops, tour announcements, records back in stock and changes to how we do things.",
  },
  {
    slug: "tour-diaries",
    title: "Tour diaries",
    description:
      "Life on the road with the bands we work with, written by them or with them: vans, venues, soundchecks and the merch table at the end of the night.",
  },
  {
    slug: "behind-the-merch",
    title: "Behind the merch",
    description:
      "How our designs get made, who prints them and what they are printed on, how we try to waste less, and how to look after your tees so they last.",
  },
];

export const DEMO_ARTICLES: DemoArticle[] = [
  // News
  {
    blog: "news",
    slug: "pylon-hymns-announce-the-northern-grid-tour-2026",
    title: "Pylon Hymns announce the Northern Grid Tour 2026, and the tour merch is here",
    excerpt:
      "Twenty-two dates this autumn, the longest run the band have ever attempted, and a tour shirt with a credit for the drum machine. Here is everything on sale today.",
    author: "Tom Greaves",
    publishedAt: "2026-03-10",
    band: "pylon-hymns",
    body: `Pylon Hymns have just confirmed the **Northern Grid Tour 2026**: twenty-two dates across the UK and Ireland this autumn, starting and finishing in Leeds. It is the longest tour the band have ever attempted, and if last year's sold-out city hall shows are anything to go by, it will not be the quietest either.

We have been working with the band and their management since January on the official merchandise, and the first pieces go on sale in the shop today, six months before the first note is played.

## What is in the drop

- **Northern Grid Tour 2026 T-shirt**: the tour wordmark on the front and every date down the back, printed in Leeds with water-based ink on 180 gsm organic cotton. Black or heather grey, XS to 3XL.
- **Northern Grid Tour 2026 Hoodie**: 330 gsm brushed fleece with the pylon motif across the chest in the band's signal red.
- **Northern Grid Tour 2026 Poster**: a two-colour screen print on 250 gsm uncoated paper, sent rolled in a tube.
- ***Northern Grid* on vinyl**: the record that turned a cult Leeds live act into a band who fill city halls, back in stock on 180 g black vinyl.

## A credit for the fourth member

Anyone who has seen Pylon Hymns live knows the fourth member of the band is a scuffed grey drum machine that is older than two of the people on stage. It has played every gig since 2014, it has never missed a cue, and it has been repaired with a soldering iron in more car parks than anyone would like to admit.

So the dates on the back of the tour shirt are set in blocky segment lettering copied from the machine's tiny display, and the last line of the print gives it a credit of its own.

> "It has done more shows than any of us and it has never once been late for soundcheck," says bassist Joanne. "It felt rude not to put its name on the shirt."

The design went through five rounds before everyone was happy. The first version had the pylons marching across the whole chest, which looked brilliant on screen and like a barcode from across a room. The final version keeps a single pylon, cropped hard at the shoulder, with "Substation" and "Ring Road" running down the sleeve in small capitals.

## Why buy now rather than at the show

Honest answer: you do not have to. The same shirts will be on the merch table every night. But the table gets busy, the popular sizes go first, and 2XL and 3XL rarely survive the first week. Order online and it will be at your door within a few days, because in-stock orders leave our warehouse within two working days, so you can wear it to the gig instead of stuffing it into your coat on the way home.

UK Standard delivery is free on orders over £50. If the size is wrong, you have 30 days to send it back unworn with the tags on; our [returns policy](/legal/returns-and-refunds-policy) has the details, and the [sizing guide](/help/sizing-guide) should help you get it right first time.

## Where to find it

Everything from the band is on [the Pylon Hymns shop page](/products/band/pylon-hymns), and you can read more about them, from the early days of *Concrete Psalms* onwards, on [their band page](/bands/pylon-hymns).

One last thing: tickets are sold by the venues, not by us, so please do not ask us about the guest list. We would love to help, but we genuinely cannot.`,
  },
  {
    blog: "news",
    slug: "welcome-hexham-tapes",
    title: "Welcome, Hexham Tapes: Four-Track Winter arrives on cassette",
    excerpt:
      "The newest band in the shop is one songwriter, a four-track recorder and a box of car-boot cassettes. So of course the new record comes on tape.",
    author: "Niamh Kerrigan",
    publishedAt: "2026-04-22",
    band: "hexham-tapes",
    body: `We have a new band in the shop, and it is the smallest one we have ever worked with. **Hexham Tapes** is one songwriter, Ellis, who records everything on a four-track cassette recorder in a spare room above a shop in Hexham. The tapes themselves came from a car-boot sale on Tyne Green: a shoebox of blank C90s for two pounds, some of them still in their cellophane.

Since 2021 those tapes have filled up with small, warm, slightly wobbly songs about the town, the river and the long walk home. The hiss is part of the charm. So are the tunes.

## Four-Track Winter

The new record, *Four-Track Winter*, was made between November and February with the heating off, because the recorder's motor hums when the radiator in that room is on. You can hear the cold in it: fingers a little slow on the fretboard, breath in the pauses, a kettle boiling at the end of side one that nobody thought to edit out.

> "I tried recording it properly once, on a laptop," Ellis told us. "Everything was cleaner and nothing was better. I put the laptop back in the drawer."

It seemed wrong to release it any other way, so *Four-Track Winter* is out today on **cassette**, duplicated in real time rather than at high speed, with a fold-out J-card of hand-drawn maps of the walks the songs are about. It is also available on CD for anyone who no longer owns a tape deck, and there is a download code in both.

## Also in the shop

- ***Abbey Grounds* on vinyl**: Ellis's first record, pressed on 180 g vinyl with a printed inner sleeve carrying every lyric.
- **Tape Hiss Lyric T-shirt**: a line from the song that gave the band its sound, printed under the wordmark on sand or white.
- **Hexham T-shirt**: "Est. 2021 · Hexham" in the band's typewriter lettering, for anyone who has ever missed the last train back from Newcastle.

Everything is on [the Hexham Tapes shop page](/products/band/hexham-tapes), and there is more about the band on [their band page](/bands/hexham-tapes).

## A small note about tapes

Cassettes, like records and CDs, come sealed. Once the seal is broken we cannot take them back for a change of mind, although faulty ones are always our problem and never yours. If your tape arrives chewed, silent or playing at chipmunk speed, [get in touch](/help/contact) and we will sort it out.

## The Four-Track Tour 2026

Ellis is also heading out this autumn on the **Four-Track Tour 2026**: a run of small rooms across the north of England and the Scottish Borders, with a borrowed amplifier and the four-track on a chair at the side of the stage, recording every show. The plan is to release the best of those recordings as a live tape next year. The plan may change. The tour shirts will be in the shop before the first date.

We are very pleased to have Hexham Tapes with us. Put the kettle on, press play and let the hiss do its work.`,
  },
  {
    blog: "news",
    slug: "our-parcels-are-now-plastic-free",
    title: "Our parcels are now plastic-free",
    excerpt:
      "From this week every Encore order leaves Manchester in paper, card and paper tape. Here is what changed, what it cost, and the one bit of plastic we have not managed to remove.",
    author: "Rosa Penhale",
    publishedAt: "2026-05-28",
    band: null,
    body: `From this week, every order that leaves our warehouse in Manchester goes out without a scrap of single-use plastic added by us. It has taken us the best part of a year, three suppliers and a great many soggy test parcels to get here, so here is what actually changed.

## What is different

- **Mailers**: the grey plastic bags have gone. Clothing now travels in mailers made from recycled paper, lined with a plant-based coating that keeps the rain out. Each one has a second glue strip, so you can reuse it if you need to send something back.
- **Garment bags**: our printers used to fold each finished shirt into its own clear bag. They now fold them into a paper sleeve instead, and they have been good-natured about the extra time it takes.
- **Tape**: we have swapped plastic tape for gummed paper tape, which you activate with water. It sticks better than the old stuff and it goes in the recycling with the box.
- **Poster tubes**: tubes now have card end caps rather than plastic ones. They are a little stiffer to pull out, so be patient.
- **Void fill**: records and bundles are packed with crinkled paper from our own shredded cardboard offcuts rather than air pillows.

Everything we add to your parcel can go straight into your household paper and card recycling.

## The bit we could not fix

Records, CDs and cassettes still arrive sealed in a thin plastic film. That seal is applied at the pressing plant, not by us, and it matters: it is how you know a record has never been played, and it is why we can only accept unsealed recordings back if they are faulty. We are talking to the plants the bands use about paper seals and sticker seals, and some of the smaller labels are keen. It will take time. We will tell you when it changes.

## What it cost, and who pays

The paper mailers cost us about 9p more per parcel than the plastic ones, and paper tape costs more than plastic tape by the metre. We have not put prices up to cover it, and delivery charges are not changing either: UK Standard is still £3.95, and free on orders over £50. The full list of delivery options is in our [shipping policy](/legal/shipping-policy).

## Did we test it?

We did. We posted forty test parcels to friends, family and a very patient band manager in Glasgow, then asked everyone to report back on the state of the contents. We left a stack of mailers on the warehouse roof for a wet week in April. We dropped boxed records down the loading-bay steps.

Two of the first batch of mailers split at the seam; the supplier changed the glue. One poster tube was crushed by something that may have been a van. Nothing else came to harm.

## Tell us how it arrives

If anything reaches you damaged, please [contact us](/help/contact) with your order number and a photo, and we will replace it or refund you. If you have ideas about packaging we have not thought of, we would like to hear those too. The people who packed your parcel read every message.`,
  },
  {
    blog: "news",
    slug: "electric-lido-lido-after-dark-coloured-vinyl",
    title: "Lido After Dark on limited coloured vinyl, and the first Tidal Pool tour shirts",
    excerpt:
      "Electric Lido's after-hours record gets a washed-blue pressing that will not be repressed, alongside the first Tidal Pool Tour 2026 shirts and a very sturdy tote.",
    author: "Dev Mistry",
    publishedAt: "2026-07-09",
    band: "electric-lido",
    body: `If *Tidal Pool Disco* was the sound of a Margate afternoon, with sun on the concrete and the glockenspiel going full tilt, then *Lido After Dark* is what happens when the pool lights come on and everyone refuses to go home. It is Electric Lido's second album, it has a twelve-piece string section on four of its ten songs, and it is the record the band say they always meant to make.

Today it arrives in the shop on vinyl, and there is a limited edition to go with it.

## The coloured pressing

- **Black vinyl**: 180 g, heavyweight sleeve, printed inner sleeve with lyrics, download code included.
- **Washed-blue coloured vinyl**: the same record pressed in a pale, cloudy blue the band matched to a photo of the tidal pool at dusk. It is a single run, it will not be repressed, and we are limiting it to **two copies per order** so that it reaches fans rather than resellers.

The sleeve is a long-exposure photograph of the harbour arm at night, with the lights of the town smeared into pink streaks. On the coloured pressing the inner sleeve is printed in reverse, pink on navy, which is the kind of detail that nobody asked for and everybody will notice.

## The Tidal Pool Tour 2026 range

Electric Lido play the **Tidal Pool Tour 2026** this autumn, and the first tour pieces are here now rather than on the merch table later:

- **Tidal Pool Tour 2026 T-shirt** in sand and white, with the tour wordmark in the band's hot pink and a row of bathing huts along the hem.
- **Harbour Arm Lyric T-shirt**, with a line from "Harbour Arm" printed small beneath the wordmark. Comes in a regular fit and a women's fit.
- **Tidal Pool Tour 2026 Tote Bag** in 10 oz cotton canvas, big enough for a towel, a paperback and a bag of chips.

Shirts are printed in Bristol with water-based ink on organic cotton. If you are not sure whether you want the regular or women's fit, our [sizing guide](/help/sizing-guide) has the measurements for both.

## Written in a chalet, finished in a lift shaft

The band wrote *Tidal Pool Disco* in a beach chalet over one long, hot summer, and they tried to do the same again. It rained for three weeks. Most of *Lido After Dark* was finished instead in a rehearsal space in an old department store, where the strings were recorded in a disused lift shaft for the echo. You can hear it clearest on "Harbour Arm", where the violins seem to come from a long way off, like music from a pier on the other side of the bay.

> "We wanted a record for the walk home," says the band's singer, Ama. "Sandy feet, one shoe in your hand, still humming."

## Delivery

Both pressings are in stock and ready to go, so orders placed today will leave our warehouse within two working days. Everything Electric Lido make is on [their shop page](/products/band/electric-lido), and you can read the band's story on [their band page](/bands/electric-lido).

Please remember that the washed-blue vinyl is a one-off. When it is gone, it is gone, and we will not be getting any more.`,
  },
  {
    blog: "news",
    slug: "static-gulls-pier-lights-winter-collection",
    title: "Static Gulls: the Pier Lights winter collection",
    excerpt:
      "A Shingle hoodie for the coldest walks along the front, a Pier Lights tracklist longsleeve and the record on orange vinyl, all available to pre-order now.",
    author: "Tom Greaves",
    publishedAt: "2026-11-13",
    band: "static-gulls",
    draft: true,
    body: `Static Gulls have just come home from the **Low Tide Tour 2026**, a run of rooms that got hotter and louder every night. Now the days are short, the wind has swung round to the north-east, and the band have asked us to make something warmer. The **Pier Lights winter collection** is available to pre-order from today, and everything ships on **11 December 2026**, in plenty of time for Christmas.

## The collection

- **Shingle Lyric Hoodie**: 330 gsm brushed fleece in navy, with a line from "Shingle" printed small across the chest and the band's wordmark in their sunset orange on the back. Double-lined hood, flat drawcords.
- ***Pier Lights* Tracklist Longsleeve**: the wordmark on the front, every song from *Pier Lights* listed down the back, and "Brighton · Est. 2017" running along the left sleeve. 200 gsm organic cotton in black or sand.
- ***Pier Lights* on orange vinyl**: a single, limited coloured pressing on 180 g vinyl, the colour of the pier's bulbs coming on at four o'clock in December. It will not be repressed.
- ***Pier Lights* LP + T-shirt Bundle**: the black vinyl and a Static Gulls tee in heather grey, in one parcel, for less than buying them separately.

## Why winter

The band have always been a seaside band, and seaside towns are at their most honest in winter: the arcades half-lit, the beach empty, a lone dog walker leaning into the wind. *Pier Lights* is a winter record at heart, with songs written on the beach in January with gloves on, and the band wanted the merch to feel the same.

> "Everyone makes a summer range for a beach band," says guitarist Nell. "We wanted the stuff you wear when the sea is grey and you go anyway."

The hoodie colour was chosen on a walk along the front at dusk. The band held up swatches against the water until one of them disappeared. That was the navy.

## The vinyl

Long-time fans will remember that the first vinyl pressing of *Low Tide Radio* sold out in an afternoon, and that a lot of people were disappointed. So this time the orange pressing is limited to **two copies per order**, and pre-orders stay open for a full week whatever happens, so that nobody has to sit refreshing the page on a lunch break.

## Pre-order details

- Pre-orders ship on **11 December 2026**, the release date shown on each product page.
- UK Standard delivery is free on orders over £50.
- The usual [returns policy](/legal/returns-and-refunds-policy) applies to everything in the collection, and sealed records can be returned if they are still sealed.

Everything is on [the Static Gulls shop page](/products/band/static-gulls). If you have never heard the band, start with "Westerly", turn it up and find a window to look out of. There is more about Static Gulls on [their band page](/bands/static-gulls).`,
  },

  // Tour diaries
  {
    blog: "tour-diaries",
    slug: "riot-allotment-grow-your-own-week-one",
    title: "Riot Allotment: a watering can, a hired van and week one of Grow Your Own",
    excerpt:
      "Week one of the Grow Your Own Tour 2026, told by Riot Allotment's drummer from the back of a hired van that smells faintly of tomato feed.",
    author: "Hannah Oduya",
    publishedAt: "2026-09-18",
    band: "riot-allotment",
    body: `*Riot Allotment's drummer, Kez, kept a diary for the first week of the Grow Your Own Tour 2026 and read it to us down a bad phone line from a lay-by outside Carlisle. We have tidied up the swearing and left in the vegetables.*

## Day one: Bristol

Home show. We loaded the van from the allotment at nine in the morning because that is where the gear lives, in the shed, under a tarp, next to the leeks. Mrs Okafor from plot 14 came out to wave us off and gave us a bag of runner beans for the road. We ate them raw on the M5. Do not recommend.

The soundcheck went the way it always goes. The engineer asked for a line check, and Danny held the watering can up to the vocal mic and shook it. It is a galvanised can with a dent in the side and a good rattle, and it has been our soundcheck since the first gig in the shed. Nineteen songs in thirty-eight minutes. "Council Letter" twice, because someone at the front had brought an actual letter from the actual council and we had to.

## Day two: Gloucester

Small room, low ceiling, very sweaty. A woman in the front row had knitted a courgette. We do not know why. We put it on the kick drum for the rest of the tour.

## Day three: Birmingham

The merch table is turning into a seed swap. It started by accident in Bristol, when someone asked if they could leave a packet of chard seeds with us, and now people bring envelopes of whatever they saved from their own plot, and we swap them for stickers. By Birmingham we had beans, marigolds, two kinds of tomato and something labelled only "DO NOT EAT". We are not going to eat it.

The **Grow Your Own Tour 2026 T-shirt** in large has nearly gone already. Apparently that is the size everyone is, which nobody told us.

## Day four: Nottingham

Night off in theory. In practice, we found a community garden behind the venue, the bloke running it recognised us, and we spent the afternoon turning his compost heap in exchange for dinner. Danny says this counts as research for the next record. Danny says a lot of things.

## Day five: Leeds

Best crowd of the week so far. Somebody started a wall of death during "Shed Party", and it ended up going round in a neat circle like a barn dance. Nobody fell over. Everyone apologised to everyone else afterwards. That is the dream, really.

## Day six: Newcastle

The van's heater broke on the A1, so we played the whole show in our coats. The shirts on the merch table sold faster than we could unfold them, and the **Compost Heap Anthems** vinyl sold out, so anyone who still wants one will have to order it from [our shop page](/products/band/riot-allotment) and wait for the postman like a normal person.

## Day seven: Glasgow

Last show of week one. Two people got engaged at the front during "Council Letter", which is a song about a dispute over a hedge, so we are not sure what that says about them. We played a third encore because they asked, and we gave them the knitted courgette as a wedding present.

Back on the road on Monday. The runner beans did not survive. The watering can is fine.

*There is more about the band on [the Riot Allotment page](/bands/riot-allotment), and the tour shirts and records are on [their shop page](/products/band/riot-allotment).*`,
  },
  {
    blog: "tour-diaries",
    slug: "blackthorn-signal-crossing-the-severn",
    title: "Blackthorn Signal: crossing the Severn, again and again",
    excerpt:
      "The Bay Lights Tour 2026 is the first time Blackthorn Signal have crossed the Severn more than twice. Their bassist kept count, and kept a notebook.",
    author: "Dev Mistry",
    publishedAt: "2026-10-02",
    band: "blackthorn-signal",
    body: `*For years, every Blackthorn Signal tour went the same way: out of Cardiff over the bridge, round England, and back over the bridge. Two crossings. The Bay Lights Tour 2026 zigzags. Their bassist, Rhian, kept a tally in the back of her set-list notebook, and she let us read it.*

## Crossing one: eastbound, Cardiff to Bristol

Everyone cheered on the bridge, as usual. The drummer says it is bad luck not to. The river was the colour of milky tea and the tide was right out, and I thought of the dock shifts we used to work, watching the same water from the other side, writing *Bay Lights* on the backs of delivery notes between loads.

Bristol was loud. They sang the chorus of "Docklands" back at us in English, which is fine, but I want them to learn the Welsh half by the end of this tour.

## Crossing two: westbound, back for Swansea

Strange to be home after two nights away and then leave again in the morning. Swansea was the best gig we have ever played in Wales, and I am allowed to say that because I am from Port Talbot and we do not give Swansea compliments lightly. Someone's nan bought three tour longsleeves and asked if we did them in "proper wool". We do not. Maybe we should.

## Crossings three and four: Birmingham, then Aberystwyth

This is the routing that makes the drivers swear. East to Birmingham, then all the way back west to the coast. Four hours of hills in the dark. We played "Signal Fires" in Aberystwyth to a room of students who knew every word in both languages, and I had to look at my shoes for a whole verse.

## Crossing five: eastbound, and staying east for a while

Manchester, Leeds, Glasgow, Newcastle, Nottingham, London. The bass lines are getting heavier every night, mainly because our sound engineer has decided the venues should feel them in their foundations. In Leeds, a man at the front told me he could feel "Docklands" in his fillings. I am choosing to take that as a compliment.

At the merch table the **Bay Lights Tour 2026 T-shirt** is going quickest. The back print lists every date in Welsh and English, one above the other, so *Caerdydd* sits over Cardiff and *Abertawe* over Swansea. People keep asking us how to pronounce them. We keep teaching them. It is the most useful thing a T-shirt has ever done.

## A note on home

*Valleys Broadcast* was always the record about where we come from, and *Bay Lights* the one about where we went to work. Playing both every night, crossing back and forth over that river, it is starting to feel like one long song.

> Diolch, everyone who came out. We will see you at the next crossing.

## Crossing six, still to come

Westbound, for the last night in Cardiff. The drummer has already planned the cheer.

*The Bay Lights Tour 2026 shirts, longsleeves and both records are on [the Blackthorn Signal shop page](/products/band/blackthorn-signal). Read more about the band on [their band page](/bands/blackthorn-signal).*`,
  },
  {
    blog: "tour-diaries",
    slug: "neon-tidal-afterglow-halfway",
    title: "Neon Tidal at the halfway mark: sixteen cities, nine keyboards, one tired light rig",
    excerpt:
      "Eight cities into the Afterglow Tour 2026, Neon Tidal's keyboard player on second-hand synths, the last tram home and the night the lights went out in Norwich.",
    author: "Niamh Kerrigan",
    publishedAt: "2026-10-21",
    band: "neon-tidal",
    body: `*The Afterglow Tour 2026 takes Neon Tidal's light show to sixteen cities. We caught up with keyboard player Marcus on the band's one day off, in a launderette in Exeter, surrounded by stage clothes going round in a machine. He talked; we typed.*

## The keyboards

We have nine keyboards on this tour, and not one of them was new when we bought it. The oldest came from a church hall sale in Rotherham for forty pounds and has a key that sticks if it gets cold. The newest came from a house clearance in Hillsborough and still smells of the previous owner's pipe. They all have names. The one that plays the big riff in "Steel City Heart" is called Brenda, and Brenda does not like lorries.

What I mean is, every night in the van I wrap them in duvets like we are moving house, and every night at least one of them does something it has never done before. In Cardiff, one started playing everything a semitone sharp halfway through "Night Shift". We decided it was a key change and carried on.

## The light show

The light show is the thing people come for now, and it is the thing that nearly broke us. It is a wall of old lighting panels our friend rescued from a closing bowling alley and rewired to run off a sequencer, so every light change is locked to the music. When it works, it looks like the inside of an arcade at midnight. When it does not work, it looks like a bowling alley.

In Norwich it stopped working altogether, four songs in. Total darkness. We played the rest of the set by the light of the exit signs and six hundred phone torches, and honestly it was one of the best shows we have ever done. Someone filmed the last song from the balcony, and it looks like the whole room was full of fireflies.

## Trams and late nights

*Afterglow Arcade* was written on late trams home across Sheffield, with headphones on and a notebook on my knee, and that is still how I do most of my thinking. On tour there are no trams, so I make do with night buses. In Nottingham I rode one out to the end of the line and back just to finish a verse. The driver asked if I was all right. I said I was working. He did not look convinced.

## The merch table

Our merch is run every night by my cousin Shannon, who has never worked in a shop but has organised the sizes by colour, then by fit, then by how much she likes each design. The **Afterglow Tour 2026 T-shirt** in black with the pink wordmark is selling best. The heather grey hoodie has turned into the crew's unofficial uniform, because it is cold in venues at four in the afternoon and none of us packed properly.

## The second half

Eight cities down, eight to go, ending at home in Sheffield in November. The keyboards are holding up. The lights are mostly holding up. We are eating better than we did on the last tour, which is to say we have had a vegetable.

Thank you to everyone who has come so far. If you are coming to one of the last eight, bring your phone torch, just in case.

*The Afterglow Tour 2026 range and both albums are on [the Neon Tidal shop page](/products/band/neon-tidal). The band's story is on [their band page](/bands/neon-tidal).*`,
  },
  {
    blog: "tour-diaries",
    slug: "quayside-quintet-swing-bridge-tour",
    title: "The Quayside Quintet take the Swing Bridge Tour 2026 on the road",
    excerpt:
      "Six years of Sunday afternoons in one riverside pub did not quite prepare Newcastle's favourite jazz band for concert halls, motorway services and a double bass that needs its own seat.",
    author: "Rosa Penhale",
    publishedAt: "2026-10-30",
    band: "the-quayside-quintet",
    body: `*For six years, the Quayside Quintet played every Sunday afternoon in the same pub by the Tyne, and nobody thought to record them. Then somebody did, and now they are touring concert halls. We joined them for three nights of the Swing Bridge Tour 2026, and their trombonist, Aidan, filled in the gaps.*

## Sunday habits

The thing about a residency is you stop noticing how strange it is. Every week for six years: set up at two, play till half five, pack away before the football crowd comes back. Same corner, same stools, same regular who used to shout out for "Ouseburn Blues" before we had finished tuning. We learned to play quietly enough for people to talk over us and well enough that they did not want to.

Now we play to rooms where nobody talks at all. The first night in a concert hall, we finished the first tune and there was total silence, and for a second I genuinely thought we had done something wrong. Then the applause came in, and our pianist, Grace, laughed out loud into the microphone.

## Brass band roots

Three of us came up through colliery brass bands in County Durham, and you can hear it in how we play: the cornet leads like it is in a procession, and the trombone parts owe more to hymn tunes than to anything from New York. On this tour we have been opening with a slow, four-minute version of "High Level", just cornet and trombone at first, as if we were playing outside a miners' gala at seven in the morning.

## The bass has its own seat

Our bass player, Femi, will not let his double bass travel in the van. It is older than the rest of us put together, and he says the van's suspension is "a war crime". So it goes on the train with him, in a padded case, and on busy services it takes its own seat. He buys it a ticket. On the way to York, a guard asked it for its railcard.

## Three nights south

**Leeds**: a grand old hall with a ceiling like a wedding cake. We played the whole of *Swing Bridge* in order, then "Ouseburn Blues" as an encore, because some habits are too strong.

**Birmingham**: the night the drummer, Lewis, broke a brush mid-solo and finished with a pair of chopsticks from the noodle bar next door. Nobody in the audience noticed. Several people in the band did.

**London**: the biggest room of the tour so far, and a queue at the merch table afterwards longer than the set. The **Swing Bridge Tour 2026 Tote Bag** sold out first, then the ***Blue Hour on the Tyne*** vinyl. We are told a lot of people were buying presents. We are choosing to believe some of them were for themselves.

## Going home

The tour finishes back in Newcastle. On the Sunday after, we are playing the pub again, in the same corner, at two o'clock, as if nothing had happened. The regular has already asked for "Ouseburn Blues".

*The Swing Bridge Tour 2026 range and both records are on [the Quayside Quintet shop page](/products/band/the-quayside-quintet). There is more about the band on [their band page](/bands/the-quayside-quintet).*`,
  },
  {
    blog: "tour-diaries",
    slug: "lantern-vale-fellside-village-halls",
    title: "Lantern Vale's Fellside Tour 2026: twelve village halls and a harmonium in the boot",
    excerpt:
      "Lantern Vale took her harmonium to twelve village halls across Cumbria and over the Border, and sent us postcards along the way. Here they are, lightly edited.",
    author: "Hannah Oduya",
    publishedAt: "2026-11-10",
    band: "lantern-vale",
    body: `*Lantern Vale is a songwriter from Kendal and a harmonium, and on record she is joined by whoever happens to be in the village hall that day. The Fellside Tour 2026 took her to twelve of those halls in a small estate car with the harmonium strapped into the back seat. She sent us a postcard from each one. Here are six.*

### Postcard one: Staveley

First night. Forty-one people and a tea urn the size of a phone box. A man called Graham brought his accordion "just in case", so I let him play on "Scout Scar" and he was better than me. The hall committee asked if I wanted paying in cash or in flapjack. I said both. They said I could have one.

### Postcard two: Dent

Rain so heavy on the roof that I stopped halfway through the second song and just let everyone listen to it for a minute. Then we carried on. A lady in a cagoule said afterwards it was the best bit. I think she might be right.

### Postcard three: Caldbeck

Walked up High Pike in the morning with a flask and a piece of mint cake, which is the only proper way to prepare for a gig. Met a shepherd halfway up who had *Mint Cake Mornings* on his phone. We listened to the title track together, sitting on a wall, with his dog lying across both our feet. That might be the best review I have ever had.

### Postcard four: Braithwaite

The harmonium's bellows started wheezing in the damp, so the whole first half sounded like it had a cold. A retired organ tuner in the second row came up at the interval with a roll of tape and a torch, and fixed it in ten minutes. He would not take a ticket. I put his name in my notebook, under "people I owe a song".

### Postcard five: Bampton

Children's choir from the primary school joined me for "Lantern Light". They had practised for a fortnight and made paper lanterns for the windows. I cried during the last chorus and blamed the dust. There was no dust. It is the cleanest hall in Westmorland.

### Postcard six: over the border, Newcastleton

Last night of the tour. Sold out, which in a village hall means seventy-five people and a queue of latecomers in the car park listening through the open fire door. At the end I did what I always do and asked if anyone wanted to play something. A teenager got up with a fiddle and played a tune her grandmother taught her. I did not know it. By the end of the night, neither of us could remember who had played what.

## On the merch table

The merch table on this tour was a trestle table, a cash tin, and a card reader that only worked near the window. The **Fellside Tour 2026 Tote Bag** sold out by Braithwaite, and the hand-numbered poster went to about half the people who came. For everyone else, they are on [the Lantern Vale shop page](/products/band/lantern-vale), along with *Fellside* and *Mint Cake Mornings* on vinyl and CD.

Thank you to every hall committee, every tea urn and everyone who drove home afterwards along a dark fell road. There is more about the music on [the Lantern Vale band page](/bands/lantern-vale).`,
  },

  // Behind the merch
  {
    blog: "behind-the-merch",
    slug: "pulling-the-mudflats-tour-poster",
    title: "Pulling the Mudflats poster: four colours, one tide table",
    excerpt:
      "How the Mudflats Tour 2026 poster for Hollow Estuary went from a tide table and a photo of Essex mud at low water to 150 hand-numbered screen prints.",
    author: "Tom Greaves",
    publishedAt: "2026-03-24",
    band: "hollow-estuary",
    body: `Every tour poster we sell starts life as an idea from the band, and Hollow Estuary's ideas tend to be long and slow, like their songs. For the **Mudflats Tour 2026**, the brief arrived as a photograph, a page torn from a tide table and a single sentence: *make it look like the water has just gone out.*

This is how that became a poster.

## The photograph

Their guitarist took the picture from the end of a jetty at Southend, early one January morning at low water. Miles of grey-brown mud, the channels shining where the light caught them, a single barge lying on its side in the distance. It is a beautiful picture. It is also almost impossible to screen print, because screen printing does not do soft gradients; it does flat, solid layers of ink, one on top of another.

So our designer, Sunita, spent a week turning it into shapes. She traced the channels in the mud by hand, simplified the sky into three bands, and turned the barge into a small, sharp silhouette. The tide table went along the bottom: the times of low water for each night of the tour, in place of the usual list of venues.

> "I wanted people to be able to work out where the band would be from the tides alone," she says. "It is a stupid idea. The band loved it."

## Four colours

The finished design uses four inks, printed one at a time:

1. A pale mist grey for the sky, printed first and largest.
2. The band's estuary teal for the channels of water.
3. A warm mud brown, overprinted on the teal so the edges turn darker where they overlap, just like wet mud.
4. A near-black for the barge, the wordmark and the tide table.

Each colour has its own screen: a fine mesh stretched over an aluminium frame, coated with light-sensitive emulsion and exposed under the artwork so that only the shape of that layer stays open to ink.

## Pulling the prints

The edition was printed by hand at a small studio in Sheffield we have worked with for years. Every sheet of 250 gsm uncoated paper goes on the bed, the screen comes down, and the printer pulls a squeegee across it in one firm stroke. Then the sheet goes on a drying rack, and the next one goes down. Four colours, 150 sheets, 600 pulls, plus the spoiled ones.

The hardest part is registration: making sure each colour lands exactly where it should on top of the last. Out by a millimetre and the barge floats above the water. The studio checked every sheet against a light box, and the ones that drifted were pulped and recycled.

## Numbered, rolled and sent

Once the inks had cured, each print was signed by the band and hand-numbered in pencil, out of 150. They are rolled in tissue and sent in a sturdy card tube. When yours arrives, let it rest flat under a couple of heavy books for a day before framing. Frame behind glass, out of direct sunlight, and the colours will stay as they are for decades.

The poster comes in A3 and A2, and the remaining copies are on [the Hollow Estuary shop page](/products/band/hollow-estuary), with *Mudflats* and *The Longest Pier* on vinyl. You can read more about the band on [their band page](/bands/hollow-estuary).`,
  },
  {
    blog: "behind-the-merch",
    slug: "how-to-wash-a-band-tee",
    title: "How to wash a band tee so it outlives the tour",
    excerpt:
      "Inside out, 30°C, no tumble dryer. The short version of how to keep a screen print sharp for years, and the long version for anyone who wants to know why.",
    author: "Rosa Penhale",
    publishedAt: "2026-04-08",
    band: null,
    body: `A good band tee should outlast the tour it was printed for, and the next one, and possibly the band. Most of the shirts we sell are screen printed with water-based ink on cotton, and with a little care the print will still be sharp long after the gig is a hazy memory. Here is how.

## The short version

- Turn it **inside out**.
- Wash at **30°C**, with similar colours.
- Use a mild detergent, and skip the fabric softener.
- **Do not tumble dry.** Hang it up or dry it flat.
- If you iron it, iron the reverse, never the print.

That is it. If you only read this far, your shirt will thank you.

## Why inside out

In a washing machine, clothes spend the whole cycle rubbing against each other, the drum and any zips, buttons or studded belts that happen to be in the same load. Turning a shirt inside out keeps the print on the inside, away from most of that friction. It also reduces fading on dark garments, because the outer surface is not being scrubbed for an hour.

## Why 30°C

Water-based ink soaks into the cotton fibres rather than sitting on top like a layer of plastic, which is why it feels soft and barely there. It is also why it lasts so well: there is no rubbery layer to crack. But hot washes are still hard on cotton, and they are what make a shirt shrink. Our blanks are pre-shrunk, and they shrink by less than 3% at 30°C. At 60°C, all bets are off. A cooler wash also uses less energy, and modern detergents work perfectly well at 30°C.

## Why no tumble dryer

A tumble dryer is the fastest way to ruin a good shirt. The heat shrinks the cotton, the tumbling roughs up the surface, and on hoodies and sweatshirts it makes the brushed fleece inside pill into little bobbles. Hang tees on a hanger or over a clothes airer, out of strong sunlight if they are dark colours. Hoodies and sweatshirts are heavy when wet, so dry them flat on a towel, or over an airer, so that they do not stretch out of shape.

## Ironing

You usually will not need to, especially if you shake your shirt out and hang it straight from the machine. If you do iron, turn it inside out and use a medium setting. Never iron directly over the print.

## Stains

Deal with them quickly and gently. Dab, do not rub, with cold water. Pre-treat with a little washing-up liquid or a stain remover, then wash as normal. Avoid bleach on anything with a print; it will take the colour out of both the fabric and the ink.

## Storing

Fold tees rather than hang them for long periods, especially heavyweight ones, because hanging can stretch the shoulders. Fold hoodies and sweatshirts; never hang them by the hood.

## When something goes wrong

If a print cracks, peels or fades after a few gentle washes, that is not normal wear, and we want to know. [Get in touch](/help/contact) with your order number and a photo. You have rights under the Consumer Rights Act 2015, and our [returns policy](/legal/returns-and-refunds-policy) explains how we will put it right, with a repair, replacement or refund, at no cost to you.

And if your favourite shirt has simply been loved to death, worn to a hundred gigs and washed five hundred times, that is not a fault. That is a life well lived.`,
  },
  {
    blog: "behind-the-merch",
    slug: "regular-oversized-or-womens-fit",
    title: "Regular, oversized or women's fit? A plain guide to our sizes",
    excerpt:
      "What our three fits actually mean, why our size tables list garment measurements rather than body sizes, and the two-minute trick that beats guessing.",
    author: "Dev Mistry",
    publishedAt: "2026-06-17",
    band: null,
    body: `The most common reason anyone returns something to us is not a fault or a change of heart. It is the wrong size. So here is everything we know about getting it right first time, in plain English.

## Our three fits

Every T-shirt we sell comes in one or more of three fits, and the product page always tells you which.

- **Regular**: a classic unisex tee with a straight body and set-in shoulders. True to size. A medium measures about 102 cm round the chest and 72 cm long.
- **Oversized**: a boxier cut with dropped shoulders and roughly 10 cm more room across the chest in every size. Take your usual size for a relaxed, slouchy look, or one size down if you want something closer to a regular fit.
- **Women's fit**: shorter in the body, with a tapered waist and slightly shorter sleeves. A women's fit medium measures about 90 cm round the chest and 64 cm long. Most designs come in XS to XL; if a design goes bigger, the product page will say so.

Longsleeves, hoodies and sweatshirts come in a regular fit, and some designs come oversized. Hoodies and sweatshirts are cut roomier than tees, because you wear them over other things.

## Garment measurements, not body measurements

Our [sizing guide](/help/sizing-guide) lists two figures for every size: **chest** and **length**. These are measurements of the garment itself, not of you.

- **Chest** is the garment's chest circumference: twice the flat width measured straight across from armpit to armpit.
- **Length** is measured from the highest point of the shoulder, next to the collar, straight down to the hem.

Why not body sizes? Because how a shirt fits depends on how much room you like, and only you know that. Comparing garment to garment takes the guesswork out.

## The two-minute trick

1. Find a shirt you already own and like the fit of.
2. Lay it flat on a table and smooth it out.
3. Measure straight across from one armpit seam to the other. Double it.
4. Measure from the top of the shoulder, next to the collar, to the bottom hem.
5. Compare those two numbers with the table for the fit you want, and choose the closest size.

That is genuinely it. It works better than any body measurement, because it is based on a fit you already know you like.

## If you are between sizes

For a regular or women's fit, size up if you like room to move or plan to layer, and size down if you prefer a close fit. For oversized, you can usually size down with confidence. For hoodies, size up if you want to wear a jumper underneath.

## Will it shrink?

Barely. Our blanks are pre-shrunk, and they shrink by less than 3% after a wash at 30°C. Follow the care label, keep it out of the tumble dryer, and the size you buy is the size you keep. There is more on that in our guide to washing a band tee, elsewhere on this blog.

## If it still does not fit

It happens. You have 30 days to return anything unworn and unwashed with the tags still on for a refund, and you can then order the size you need. The details, including who pays the return postage, are in our [returns policy](/legal/returns-and-refunds-policy). And if you are stuck before you order, [ask us](/help/contact): we have a rail of every size in the warehouse and a tape measure in every drawer.`,
  },
  {
    blog: "behind-the-merch",
    slug: "designing-the-crown-court-tour-tee",
    title: "Kitchen foil to silver ink: designing the Crown Court tour tee",
    excerpt:
      "Tinfoil Monarchs wanted their tour shirt to look like their stage costumes. Getting a crumpled-foil effect out of a water-based screen print took four test runs and a lot of patience.",
    author: "Niamh Kerrigan",
    publishedAt: "2026-08-20",
    band: "tinfoil-monarchs",
    body: `Tinfoil Monarchs make their own stage costumes out of kitchen foil and charity-shop curtains. So when the Coventry glam punks sat down with us to plan the **Crown Court Tour 2026 T-shirt**, there was only ever going to be one brief.

> "It has to look like foil," said their singer, Dion. "Proper crinkly, catches-the-light foil. Not grey. Not glitter. Foil."

Here is how we got there.

## Step one: scanning actual foil

We tried drawing a foil texture. It looked like a drawing of foil. So the band did what they always do: they went to the kitchen. They scrunched up a sheet of foil, flattened it out again, and put it face down on a flatbed scanner with the lid open. The scan came out as a wild landscape of silver creases and black shadows, and it was perfect.

Our designer, Sunita, cut the scan into the shape of the band's crown logo and the words *Crown Court*, then converted it into a halftone: a pattern of tiny dots of different sizes, which is how a screen print fakes the shades in between solid ink and bare fabric.

## Step two: finding a silver that behaves

This was the hard part. Most metallic print inks are plastisol, a thick, plastic-based ink that sits on top of the fabric. We use water-based inks on our shirts because they are softer to wear and contain no PVC, and we did not want to make an exception.

The printer in Nottingham we work with tried four water-based silvers, all made with tiny flakes of mica that catch the light.

1. The first was too grey, and looked like pencil lead.
2. The second was bright but cracked when we stretched the fabric.
3. The third was lovely on white and vanished on black.
4. The fourth was bright, soft and flexible, and it looked like foil from across a room.

We printed the fourth on black and on purple 180 gsm organic cotton, washed the test shirts twenty times at 30°C, inside out, and hung them on the warehouse line. After twenty washes, the silver had softened a little and the crinkles were still crisp. We were happy. So was Dion.

## Step three: the back print

The back lists every date on the tour, styled as a court list, with each city as a "case" and the band as the defendants. The band's own charge is printed at the bottom: *excessive glamour, with intent.* A single line from "Glitter Verdict" runs along the hem in amber, the band's accent colour, because Tinfoil Monarchs never do anything by halves.

## Step four: the final shirt

The finished **Crown Court Tour 2026 T-shirt** is printed on black and purple in sizes XS to 3XL, regular fit. The silver will shine under stage lights and look properly crumpled in daylight, which is exactly what the band wanted.

One tip: like any metallic ink, the silver prefers a cool wash and no tumble dryer. Our guide to washing a band tee, elsewhere on this blog, has the rest.

You will find the shirt, plus *Ring Road Royalty* on vinyl, on [the Tinfoil Monarchs shop page](/products/band/tinfoil-monarchs), and the band's story on [their band page](/bands/tinfoil-monarchs).`,
  },
];
