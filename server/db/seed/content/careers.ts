/** The demo shop's careers page: an introduction and the open roles. Every role and detail is made up. */
export type DemoRole = {
  slug: string;
  title: string;
  team: string;
  /** Where the job is done, e.g. "Manchester (hybrid, 3 days in the office)". */
  location: string;
  /** "Full-time, permanent" etc. */
  type: string;
  /** e.g. "£38,000 to £44,000". */
  salary: string;
  /** ISO date the role closes to applications. */
  closesOn: string;
  /** One or two sentences. */
  summary: string;
  /** Markdown: About the role, What you will do, What you will bring, What we offer. */
  body: string;
};

export const CAREERS_INTRO = `Encore is a small team in Manchester selling official merchandise for independent bands, under licence from the bands and their management. There are about twenty of us, split between a warehouse and an office in the same old canal-side building at Unit 7, Canal Works, 21 Wharf Street. Upstairs, we plan drops with bands, design, build the shop and answer customers; downstairs, we pick, pack and post every order ourselves. Most of us started as fans, and a few of us still play in bands of our own.

We work in short, sensible weeks. The office team works hybrid, the warehouse team works on site, and nobody is expected to answer messages in the evening or at weekends, even when a tour drop goes live. We write things down, we share what we are working on, and we would rather ship something small and good than something big and late. Everyone gets at least 28 days' holiday including bank holidays, a workplace pension with a generous employer contribution, a training budget, a clothing allowance for the shop, and the occasional guest-list spot.

We are an equal opportunities employer. We welcome applications from everyone, whatever their age, disability, ethnicity, gender identity, religion or belief, sex or sexual orientation, and we especially encourage people who are under-represented in the music industry to apply. We do not ask for degrees unless a role genuinely needs one, and none of the roles below does.

To apply, email a CV, or a short summary of your experience if you do not have one, and a few lines about why the role appeals to you, to **careers@encore.example** with the role title in the subject line. If you need any reasonable adjustments to apply or to take part in an interview, such as questions in advance, extra time, a different format, a step-free room or a video call instead of a visit, tell us in your email or at any point in the process and we will arrange it. It will not affect how we assess your application.`;

export const DEMO_ROLES: DemoRole[] = [
  {
    slug: "warehouse-and-dispatch-assistant",
    title: "Warehouse and dispatch assistant",
    team: "Warehouse",
    location: "Manchester (on site at Canal Works)",
    type: "Full-time, permanent (37.5 hours, Monday to Friday)",
    salary: "£25,800 a year",
    closesOn: "2026-12-04",
    summary:
      "Pick, pack and post our customers' orders, take in new stock from printers and pressing plants, and help keep a busy little warehouse tidy, safe and running on time.",
    body: `## About the role

Every order placed on Encore is picked, packed and posted by our own small warehouse team in Manchester. On a quiet day that is a few hundred parcels; on the morning a big tour range goes live, it can be several thousand. We are looking for someone reliable and careful to join the team, help us get orders out within two working days, and make sure each parcel arrives looking like someone cared about it.

You will work Monday to Friday, 8:00 to 16:00, with a 30-minute lunch break. There is occasional paid overtime around big releases, always agreed in advance and never compulsory.

## What you will do

- Pick orders accurately from our shelves using handheld scanners, and pack them in our plastic-free paper and card packaging.
- Prepare parcels for Royal Mail and DPD collections, and get them on the right van before the cut-off.
- Check in deliveries from our printers and pressing plants, count and inspect them, and put them away in the right place.
- Process returns: check the condition of returned items, put resaleable stock back, and flag faulty items to customer care.
- Help with stock counts, keep the warehouse tidy and safe, and suggest better ways of doing things.

## What you will bring

- Experience in a warehouse, shop, kitchen or any other job where accuracy and pace both matter; we will train you on our systems.
- Care over small details: the right size, the right colour, a record packed so it arrives flat.
- The ability to work on your feet for most of the day and to lift parcels and boxes of up to 15 kg safely, with equipment provided for anything heavier.
- Good humour when a tour drop means the whole team is on packing duty.

## What we offer

- £25,800 a year, reviewed every April.
- 28 days' holiday including bank holidays, rising by one day for each year of service up to 33 days.
- Workplace pension with a 6% employer contribution.
- Warehouse closed between Christmas and New Year, without using your holiday.
- Safety boots, warm workwear and a £150 yearly allowance to spend in the shop.
- Cycle-to-work scheme, secure bike storage and showers on site.`,
  },
  {
    slug: "customer-care-adviser",
    title: "Customer care adviser",
    team: "Customer care",
    location: "Manchester (hybrid, 2 days in the office)",
    type: "Full-time, permanent (37.5 hours)",
    salary: "£26,500 to £28,500",
    closesOn: "2026-12-11",
    summary:
      "Be the friendly, knowledgeable voice of Encore on email and the phone: helping fans with orders, sizes, delivery and returns, and fixing things quickly when they go wrong.",
    body: `## About the role

Our customer care team is four people who answer every email, call and contact form that comes into Encore. Most questions are simple: where is my parcel, which size should I get, can I change my address. Some are not, such as a pre-order for a sold-out record, a parcel lost in the post two days before a gig, or a print that cracked after the first wash. We want someone who enjoys sorting out both kinds, and who treats every customer like a fan, because they are.

Our lines are open Monday to Friday, 9:00 to 17:30, and Saturday 10:00 to 14:00. You will work five days a week, including one Saturday in four, with a weekday off in lieu.

## What you will do

- Answer customer emails, calls and contact-form messages about orders, delivery, sizing, returns and refunds, clearly and kindly.
- Arrange returns, replacements and refunds in line with our policies and customers' legal rights.
- Work closely with the warehouse to track down missing parcels and fix mistakes before the customer notices.
- Spot patterns, such as a design that runs small or a courier having a bad week, and tell the people who can fix them.
- Help keep our help pages and sizing guide accurate and easy to understand.

## What you will bring

- At least a year of experience in customer service, by phone, email or in person.
- Clear, warm written English and a good phone manner.
- The confidence to own a problem until it is solved, and to say sorry when we get things wrong.
- An understanding of consumer rights basics, or the curiosity to learn them; we will train you.
- An interest in music is welcome but not essential.

## What we offer

- £26,500 to £28,500 depending on experience, reviewed every April.
- 28 days' holiday including bank holidays, rising by one day for each year of service up to 33 days.
- Workplace pension with a 6% employer contribution.
- Hybrid working: two days a week in our Manchester office, the rest from home, with a laptop, headset and a home-working allowance.
- Paid time off for training, and a personal training budget of £500 a year.
- A £150 yearly allowance to spend in the shop.`,
  },
  {
    slug: "senior-typescript-engineer",
    title: "Senior TypeScript engineer",
    team: "Engineering",
    location: "Manchester (hybrid, 2 days in the office) or remote within the UK",
    type: "Full-time, permanent",
    salary: "£62,000 to £72,000",
    closesOn: "2027-01-08",
    summary:
      "Help a small engineering team build and run the Encore shop: a fast, accessible, server-rendered TypeScript application that has to stay up when a sold-out tour range goes on sale.",
    body: `## About the role

Encore runs on software we build ourselves. The shop is a server-rendered web application written in TypeScript, using React Router on the front end, Hono on the server and PostgreSQL with Drizzle for data, tested with Vitest and Playwright. We care about pages that load quickly on a phone signal in a gig queue, about accessibility, and about the security of our customers' data.

The engineering team is three people, and you would be the fourth. It is a senior role in a small team, which means you will design features end to end, review each other's work, help decide what we build next, and share the on-call rota for busy release days (paid, and no more than one week in four).

## What you will do

- Build features across the whole shop, from the catalogue and basket to checkout, accounts and the tools our warehouse and customer care teams use every day.
- Keep the shop fast and reliable under heavy load, especially when a big drop goes live at noon.
- Make sure what we build is accessible, secure and respectful of customers' privacy.
- Write tests that catch real problems, and improve the ones that do not.
- Mentor less experienced colleagues, and help shape how we plan, review and release our work.

## What you will bring

- Several years of experience building and running production web applications in TypeScript or JavaScript on Node.js.
- Solid experience with a relational database, ideally PostgreSQL, including schema design and query performance.
- A good understanding of web fundamentals: HTTP, caching, forms, cookies, security and accessibility.
- Sound judgement about when to keep things simple, and the ability to explain your decisions in writing.
- Experience with e-commerce, payments or stock systems is helpful but not required.

## What we offer

- £62,000 to £72,000 depending on experience, reviewed every April.
- 30 days' holiday plus bank holidays.
- Workplace pension with a 6% employer contribution.
- Hybrid or remote working within the UK, with a home-office allowance and travel paid for team days in Manchester.
- A £1,000 yearly budget for training, books and conferences, and time to use it.
- A £150 yearly allowance to spend in the shop.`,
  },
  {
    slug: "merchandise-designer",
    title: "Merchandise designer",
    team: "Design",
    location: "Manchester (hybrid, 1 day in the office)",
    type: "Part-time, permanent (3 days a week)",
    salary: "£36,000 to £40,000 pro rata (£21,600 to £24,000 for 3 days a week)",
    closesOn: "2027-01-15",
    summary:
      "Work directly with bands to design tour shirts, posters and album merchandise, and prepare artwork that prints beautifully on fabric and paper.",
    body: `## About the role

Our in-house designer works with bands and their management to turn an idea, a photograph or a scribble on a set list into merchandise people want to wear for years. We now work with more bands than one designer can keep up with, so we are looking for a second designer to join her, three days a week.

You will own designs from the first conversation with a band to the final print-ready files, working closely with our screen printers and with the team who plan each release.

## What you will do

- Meet bands, in person and on video calls, to understand what they want and turn it into clear design ideas.
- Design T-shirts, longsleeves, hoodies, sweatshirts, caps, tote bags and tour posters, often to tight tour deadlines.
- Prepare print-ready artwork for screen printing: colour separations, halftones and accurate placement on each garment size.
- Check samples and test prints, and work with our printers to solve problems when a design does not print as planned.
- Create the product mockups and artwork files used on the shop.

## What you will bring

- A portfolio showing strong typography, illustration or layout, ideally including work printed on fabric or paper.
- Hands-on experience preparing artwork for screen printing, or a real willingness to learn it quickly.
- Confidence with professional vector and image-editing software.
- The ability to take a band's ideas seriously, give honest feedback and keep everyone happy with the result.
- Good organisation: you will often have several bands' releases on the go at once.

## What we offer

- £36,000 to £40,000 pro rata, depending on experience (£21,600 to £24,000 a year for three days a week).
- 28 days' holiday including bank holidays, pro rata, rising by one day for each year of service.
- Workplace pension with a 6% employer contribution.
- Flexible choice of working days, with one day a week in our Manchester office.
- A £500 yearly training budget, pro rata, and trips to our printers to see your work on the press.
- A £150 yearly allowance to spend in the shop.`,
  },
];
