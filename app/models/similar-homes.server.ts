/**
 * "Send me similar homes" at an open house's door (docs/listings.md): the visitor joins a campaign of its own, "Homes
 * like {address}" (type `similar_homes`, one per listing), never the consultation campaign: once a week, an e-mail of
 * our listings that went live since the last one in the same ZIP code and within 20 % of the price, with the one-click
 * unsubscribe every drip carries; a week with none sends nothing. The drips' sender calls it for these campaigns
 * (app/models/drips.server.ts); the e-mail is a drip e-mail (app/models/drip-email.server.ts) made of these lines.
 */
import { and, desc, eq, gt, gte, lte, ne } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import {
  contactSubmissions,
  homeListings,
  leadEngagement,
  leadNurturingCampaigns,
  transactions,
  type ContactSubmission,
  type Engagement,
  type LeadNurturingCampaign,
} from "~/db/schema";
import { formatMoney, mulDiv } from "~/lib/money";
import { DAY_MS } from "~/lib/time";
import { buildDripEmail } from "~/models/drip-email.server";
import { enqueueEmail } from "~/models/mail-queue.server";
import { isUnsubscribed } from "~/models/unsubscribe.server";
import { actingAgentCardOf } from "~/models/user.server";

export const SIMILAR_HOMES = "similar_homes";
/** A week between e-mails. */
export const SIMILAR_EVERY_DAYS = 7;
/** The price range: within 20 % of the home's, each way. */
const PRICE_BAND_PERCENT = 20;
/** At most this many homes in one e-mail. */
const MOST = 10;

/** The street of an address ("3021 Upas St, San Diego, CA 92104" → "3021 Upas St"). */
const streetOf = (address: string) => address.split(",")[0]!.trim();

/** The listing's own "Homes like" campaign, made the first time a visitor asks. */
function campaignOf(tx: DbOrTx, home: { transactionId: number; address: string }, now: Date) {
  const found = tx
    .select()
    .from(leadNurturingCampaigns)
    .where(
      and(
        eq(leadNurturingCampaigns.type, SIMILAR_HOMES),
        eq(leadNurturingCampaigns.homeTransactionId, home.transactionId),
      ),
    )
    .get();
  if (found) return found;
  return tx
    .insert(leadNurturingCampaigns)
    .values({
      name: `Homes like ${streetOf(home.address)}`,
      type: SIMILAR_HOMES,
      description:
        "Our new listings in the same ZIP code and price range, weekly, for the open house's visitors who asked.",
      homeTransactionId: home.transactionId,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .get();
}

/**
 * The visitor joins the listing's "Homes like" campaign (inside the sign-in's database transaction): the first e-mail
 * a week from now; an unsubscribed address joins unsubscribed; the same address twice keeps its engagement.
 */
export function enrollSimilarHomes(
  tx: DbOrTx,
  submission: Pick<ContactSubmission, "id" | "email">,
  home: { transactionId: number; address: string },
  now: Date,
): Engagement {
  const email = submission.email.toLowerCase();
  const campaign = campaignOf(tx, home, now);
  const existing = tx
    .select()
    .from(leadEngagement)
    .where(and(eq(leadEngagement.email, email), eq(leadEngagement.campaignId, campaign.id)))
    .get();
  const engagement =
    existing ??
    tx
      .insert(leadEngagement)
      .values({
        contactSubmissionId: submission.id,
        campaignId: campaign.id,
        email,
        status: isUnsubscribed(tx, email) ? "unsubscribed" : "active",
        nextEmailDue: new Date(now.getTime() + SIMILAR_EVERY_DAYS * DAY_MS),
        createdAt: now,
        updatedAt: now,
      })
      .returning()
      .get();
  tx.update(contactSubmissions)
    .set({ engagementId: engagement.id })
    .where(eq(contactSubmissions.id, submission.id))
    .run();
  return engagement;
}

/** Our listings live since `since` like the campaign's home: the same ZIP code, within 20 % of its price. */
export function similarListings(db: DbOrTx, campaign: Pick<LeadNurturingCampaign, "homeTransactionId">, since: Date) {
  if (!campaign.homeTransactionId) return [];
  const home = db.select().from(homeListings).where(eq(homeListings.transactionId, campaign.homeTransactionId)).get();
  if (!home?.zip) return [];
  const price = home.priceCents;
  return db
    .select({
      slug: homeListings.slug,
      priceCents: homeListings.priceCents,
      beds: homeListings.beds,
      address: transactions.propertyAddress,
    })
    .from(homeListings)
    .innerJoin(transactions, eq(transactions.id, homeListings.transactionId))
    .where(
      and(
        eq(homeListings.state, "live"),
        eq(homeListings.zip, home.zip),
        gt(homeListings.publishedAt, since),
        ne(homeListings.transactionId, home.transactionId),
        price === null ? undefined : gte(homeListings.priceCents, mulDiv(price, 100 - PRICE_BAND_PERCENT, 100)),
        price === null ? undefined : lte(homeListings.priceCents, mulDiv(price, 100 + PRICE_BAND_PERCENT, 100)),
      ),
    )
    .orderBy(desc(homeListings.publishedAt))
    .limit(MOST)
    .all();
}

/**
 * The week's e-mail of a "Homes like" engagement, due now: the homes gone live since the last e-mail (or since the
 * visitor signed in), each linked (tracked); none, nothing is sent. The next is due a week from now either way.
 * Returns whether an e-mail was queued.
 */
export function sendSimilarHomes(
  db: DbOrTx,
  e: Engagement,
  campaign: LeadNurturingCampaign,
  submission: ContactSubmission,
  now: Date,
): boolean {
  const homes = similarListings(db, campaign, e.lastEmailSent ?? e.createdAt);
  const next = new Date(now.getTime() + SIMILAR_EVERY_DAYS * DAY_MS);
  if (homes.length > 0) {
    const street = campaign.name.replace(/^Homes like /, "");
    const content = [
      `Hi {{firstName}}, here are our new listings like ${street}, in the same ZIP code and price range:`,
      ...homes.map(
        (h) =>
          `[${h.address ?? h.slug}](/homes/${h.slug}): ${h.priceCents === null ? "price on request" : formatMoney(h.priceCents)}${h.beds === null ? "" : `, ${h.beds} bedrooms`}`,
      ),
      "Ask us about any of them, or for a showing, by replying to this e-mail.",
    ].join("\n");
    enqueueEmail(
      db,
      {
        ...buildDripEmail(
          e.id,
          { email: e.email ?? submission.email, firstName: submission.firstName, lastName: submission.lastName },
          { subject: `${campaign.name}: ${homes.length} new ${homes.length === 1 ? "listing" : "listings"}`, content },
          actingAgentCardOf(db, submission.assignedAgentId),
        ),
        links: { contactSubmissionId: e.contactSubmissionId, engagementId: e.id, campaignEmailId: null },
      },
      now,
    );
  }
  db.update(leadEngagement)
    .set({ ...(homes.length ? { lastEmailSent: now } : {}), nextEmailDue: next, updatedAt: now })
    .where(eq(leadEngagement.id, e.id))
    .run();
  return homes.length > 0;
}
