/**
 * First-start seed: a few published articles written for the agency, one
 * unpublished draft, and one lead-nurturing campaign with its e-mail sequence.
 * It runs once per database (PRAGMA user_version marks it done) and inserts
 * with ON CONFLICT DO NOTHING, so it never duplicates.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "./client.server";
import { blogPosts, leadNurturingCampaigns, leadNurturingEmails } from "./schema";

/**
 * 1: posts and the campaign; 2: the campaign's e-mails rewritten for sending (a welcome at once, then days
 * apart); 3: each of them ends with a tracked link to what a lead wants next (a net sheet, the pricing, an
 * article), added only to an e-mail an admin has not edited.
 */
const SEED_VERSION = 3;

const day = 24 * 3600 * 1000;
const SEED_DATE = Date.UTC(2025, 0, 15, 17, 0, 0);

export const SEED_POSTS = [
  {
    slug: "flat-fee-real-estate-san-diego",
    title: "How a Flat Fee Works When You Sell a Home in San Diego",
    excerpt:
      "On a $900,000 San Diego home, a 3% listing commission is $27,000. Here is what a flat fee covers instead, and when you pay it.",
    imageUrl: "/images/blog/flat-fee.svg",
    createdAt: new Date(SEED_DATE),
    content: `Most San Diego sellers have heard the same number for years: about 3% of the sale price for the listing side. On a $900,000 home in Clairemont or Mira Mesa, that is $27,000 before the buyer's side is even discussed.
A flat fee turns that percentage into a fixed price. With us, a home valued up to $500,000 costs $5,000, a home up to $1,500,000 costs $10,000, and a home above that costs $20,000. The fee is due when the sale closes, not before.
The price does not change the work. Every tier includes a full-service listing, professional photography, the MLS listing, contract negotiation and support through escrow. Higher tiers add premium marketing, virtual tours, staging and, for luxury homes, drone photography and concierge service.
Why can a brokerage do this? Because the work of selling a home does not grow in step with its price. Pricing it, preparing the disclosures, marketing it, negotiating the offer and managing escrow take much the same effort on a $700,000 condo as on a $1,200,000 house.
Commissions in California are not set by law and have always been negotiable. A flat fee is simply a negotiated fee that you know in advance. Compensation for a buyer's agent, if any, is agreed separately and in writing.
Try our savings calculator with your own home's value: it shows the traditional 3% beside our flat fee, and the difference is yours to keep.`,
  },
  {
    slug: "what-is-escrow-california",
    title: "What Escrow Is, and What Happens During It in California",
    excerpt:
      "Escrow is the neutral middle of every California home sale. A step-by-step look at the 30 to 45 days between an accepted offer and the keys.",
    imageUrl: "/images/blog/escrow.svg",
    createdAt: new Date(SEED_DATE + 14 * day),
    content: `Escrow is a neutral third party that holds the money and the documents of a sale until every condition of the contract is met. In Southern California an independent escrow company or a title company usually plays that role.
Day 0 is the day the offer is accepted. Within three business days the buyer deposits the earnest money into escrow, and the escrow officer opens the file with the signed purchase agreement.
In the first week the seller delivers the disclosures: the Transfer Disclosure Statement, the Seller Property Questionnaire, the Natural Hazard Disclosure and the preliminary title report. The buyer reviews and signs them.
The buyer then has, by default, 17 days to investigate the property: a home inspection, perhaps a roof or sewer inspection, and a request for repairs if something turns up. The appraisal and the loan move forward at the same time.
When the buyer is satisfied, they remove their contingencies in writing. From that point the deposit is at real risk if the buyer walks away without a contractual reason.
In the last days the buyer does a final walk-through, signs the loan documents (the Closing Disclosure arrives at least three business days before signing), and the seller signs the grant deed before a notary.
Closing happens when the lender funds the loan and the deed is recorded with the San Diego County Recorder. The seller's loan is paid off, the proceeds are paid out, and the keys change hands.
In our client portal you can follow each of these steps as a milestone, with notes and documents from your agent.`,
  },
  {
    slug: "preparing-your-home-for-sale",
    title: "Preparing Your Home for Sale: A Practical Checklist",
    excerpt:
      "Small repairs, a clean slate and good light sell homes. A room-by-room checklist before the photographer arrives.",
    imageUrl: "/images/blog/prepare.svg",
    createdAt: new Date(SEED_DATE + 28 * day),
    content: `The first showing of your home happens online. Buyers scroll through the photos before they ever book a tour, so the work you do before the photographer arrives pays for itself.
Start with repairs that buyers notice: dripping faucets, sticking doors, cracked switch plates, burnt-out bulbs and scuffed paint. They cost little and remove easy objections.
Clear the surfaces. Put away most of the items on counters, shelves and the refrigerator door. Buyers need to imagine their own things in the space.
Let in the light. Open blinds, clean windows and use the same warm colour of bulb in every room. San Diego light is a selling point: show it off.
Outside, trim the plants, sweep the walkway, refresh the mulch and make sure the house number is easy to read from the street.
Gather your documents early: permits for past work, HOA documents if you have an HOA, warranties, and utility bills. California sellers owe buyers several disclosures, and having the facts ready keeps escrow on schedule.
Finally, ask about staging. A consultation is included from our second tier, and professional staging in our third.`,
  },
] as const;

export const SEED_DRAFT = {
  slug: "buying-with-a-va-loan-in-san-diego",
  title: "Buying a Home with a VA Loan in San Diego (draft)",
  excerpt: "A draft article on VA loans for San Diego's military families.",
  imageUrl: null,
  createdAt: new Date(SEED_DATE + 35 * day),
  content: `Draft: outline the VA loan basics, funding fee, appraisal requirements and how to write a competitive offer with a VA loan.`,
};

export const SEED_CAMPAIGN = {
  name: "New consultation follow-up",
  type: "general",
  description:
    "Sent to people who asked for a free consultation through the contact form: a welcome at once, then a few useful e-mails days apart.",
  emails: [
    {
      sequence: 1,
      delayDays: 0,
      subject: "Thanks, {{firstName}}: we got your message",
      content: `Hi {{firstName}},
Thank you for reaching out to Coastline Flat Fee Realty. A local agent has your message and will call you within one business day to set up your free consultation.
Nothing to prepare for now. If a question comes to mind before we talk, just reply to this e-mail.
Selling? [See what your home would net you](/net-sheet) after every cost, in a minute.`,
    },
    {
      sequence: 2,
      delayDays: 2,
      subject: "What our flat fee includes, {{firstName}}",
      content: `Hi {{firstName}},
People often ask what they give up with a flat fee. The short answer: nothing you need.
Every tier includes a full-service listing, professional photography, the MLS listing, contract negotiation and support through escrow. Homes up to $500,000 pay $5,000; up to $1,500,000, $10,000; above that, $20,000. The fee is due at closing, not before.
On a $900,000 San Diego home, a 3% commission is $27,000. Our fee for it is $10,000.
[Compare our tiers and work out your own savings](/#pricing).`,
    },
    {
      sequence: 3,
      delayDays: 5,
      subject: "Buying or selling in San Diego: what to get ready",
      content: `Hi {{firstName}},
A little preparation saves weeks later. If you are selling: gather permits for past work, HOA documents and recent utility bills, and fix the small things buyers notice (dripping faucets, sticking doors, scuffed paint).
If you are buying: get a lender's pre-approval letter first. In San Diego, offers without one rarely win. Then list the neighborhoods and the must-haves that matter to you.
In both cases, escrow in California usually runs 30 to 45 days, and your agent walks you through each step in our client portal.
[What escrow does, step by step](/blog/what-is-escrow-california).`,
    },
    {
      sequence: 4,
      delayDays: 14,
      subject: "Checking in, {{firstName}}",
      content: `Hi {{firstName}},
Just checking in. Whether you plan to move this season or next year, we are glad to give you a free market analysis of your home or a second opinion on a listing you saw.
Reply to this e-mail or book a call, whenever it suits you.
Buying? [Work out your cash to close](/cash-to-close) before you tour.`,
    },
  ],
};

/** Seeds a new database once, and brings an older seed up to date. Returns true when it changed anything. */
export function seedDatabase(db: Db): boolean {
  const version = db.$client.pragma("user_version", { simple: true }) as number;
  if (version >= SEED_VERSION) return false;

  db.transaction((tx) => {
    if (version < 1) {
      for (const post of SEED_POSTS) {
        tx.insert(blogPosts)
          .values({ ...post, published: true, updatedAt: post.createdAt })
          .onConflictDoNothing({ target: blogPosts.slug })
          .run();
      }
      tx.insert(blogPosts)
        .values({ ...SEED_DRAFT, published: false, updatedAt: SEED_DRAFT.createdAt })
        .onConflictDoNothing({ target: blogPosts.slug })
        .run();
    }

    const { emails, ...campaign } = SEED_CAMPAIGN;
    const existing = tx
      .select({ id: leadNurturingCampaigns.id })
      .from(leadNurturingCampaigns)
      .where(eq(leadNurturingCampaigns.name, campaign.name))
      .get();
    const campaignId = existing?.id ?? tx.insert(leadNurturingCampaigns).values(campaign).returning().get().id;
    if (existing) {
      tx.update(leadNurturingCampaigns)
        .set({ type: campaign.type, description: campaign.description })
        .where(eq(leadNurturingCampaigns.id, campaignId))
        .run();
    }
    for (const email of emails) {
      if (version < 2) {
        // Version 1's e-mails were never sent (there was no sender): these replace them.
        tx.insert(leadNurturingEmails)
          .values({ ...email, campaignId })
          .onConflictDoUpdate({
            target: [leadNurturingEmails.campaignId, leadNurturingEmails.sequence],
            set: { subject: email.subject, content: email.content, delayDays: email.delayDays, isActive: true },
          })
          .run();
      } else {
        // Version 3 adds the last line (the link) to the version-2 text, where it is still as seeded.
        const seeded = email.content.slice(0, email.content.lastIndexOf("\n"));
        tx.update(leadNurturingEmails)
          .set({ content: email.content })
          .where(
            and(
              eq(leadNurturingEmails.campaignId, campaignId),
              eq(leadNurturingEmails.sequence, email.sequence),
              eq(leadNurturingEmails.content, seeded),
            ),
          )
          .run();
      }
    }
  });
  db.$client.pragma(`user_version = ${SEED_VERSION}`);
  return true;
}
