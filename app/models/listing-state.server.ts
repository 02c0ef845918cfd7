/**
 * A listing's public state, kept by one TypeScript function (app/lib/listing-state.ts decides it) called in the same
 * database transaction as every change of its inputs: the seller's yes and the MLS date (home-listing.server.ts), the
 * sale's status (transaction-edit.server.ts), a listing agreement signed or voided (agreement-seal, agreement-signing),
 * the seller's yes to show the sale (sold-home.server.ts), and the days themselves (`listingDayJob`, the mail sender's
 * tick: an MLS date reached, an agreement past its end). What a change brings is done here too: the first time live,
 * `published_at`, the first price of the history, and the seller and the agent told it is live; no longer live (an
 * agreement ended, the sale cancelled, the page withdrawn), its open houses to come cancelled, the host and the seller
 * told; sold, `sold_on` (San Diego's day). No SQL trigger decides any of it (docs/listings.md).
 */
import { and, desc, eq, gte, inArray, isNotNull, isNull, or } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { DbOrTx } from "~/db/client.server";
import {
  agreements,
  homeListings,
  listingPrices,
  openHouses,
  soldHomes,
  transactions,
  users,
  type HomeListing,
  type Transaction,
} from "~/db/schema";
import { fullName, formatSlot } from "~/lib/format";
import { listingState, type ListingInputs, type ListingState } from "~/lib/listing-state";
import { todayIn, type PlainDate } from "~/lib/plain-date";
import type { Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { queuePlainEmail } from "~/models/plain-mail.server";

/** A sale's listing agreement in force on `today`: every signature in, started, not past its end date. */
export function listingAgreementInForce(db: DbOrTx, transactionId: number, today: PlainDate): boolean {
  const row = db
    .select({ startsOn: agreements.startsOn, endsOn: agreements.endsOn })
    .from(agreements)
    .where(
      and(
        eq(agreements.transactionId, transactionId),
        eq(agreements.kind, "listing"),
        inArray(agreements.status, ["signed", "sealing"]),
      ),
    )
    .orderBy(desc(agreements.endsOn))
    .limit(1)
    .get();
  return row !== undefined && (!row.startsOn || row.startsOn <= today) && (!row.endsOn || row.endsOn >= today);
}

/** What the rule reads of a listing, its sale, its agreement and its sold home, on San Diego's day of `now`. */
export function listingInputs(db: DbOrTx, row: HomeListing, t: Transaction, now: Date): ListingInputs {
  const today = todayIn(now);
  const sold = db
    .select({ shown: soldHomes.shown, detail: soldHomes.detail })
    .from(soldHomes)
    .where(eq(soldHomes.transactionId, t.id))
    .get();
  return {
    sellerYes: row.sellerYesAt !== null,
    agreementInForce: listingAgreementInForce(db, t.id, today),
    mlsEnteredOn: row.mlsEnteredOn,
    status: t.status,
    wasLive: row.publishedAt !== null,
    // The page names the street: only when the seller let the sale show with it (not the neighbourhood only).
    soldShown: sold?.shown === true && sold.detail === "address",
    today,
  };
}

const listingLink = (slug: string) => `${env().mail.appUrl}/homes/${slug}`;

/** The seller and the agent (the office without one): who hears that a page is live or that its open houses end. */
function sellerAndAgent(db: DbOrTx, t: Transaction) {
  const people = db
    .select()
    .from(users)
    .where(inArray(users.id, [t.userId, ...(t.assignedAgentId ? [t.assignedAgentId] : [])]))
    .all();
  return people.map((u) => ({ address: u.email, name: fullName(u) || null }));
}

/** Open houses to come are cancelled when the page is no longer live; the host and the seller are told. */
function cancelOpenHousesToCome(db: DbOrTx, t: Transaction, reason: string, now: Date) {
  const coming = db
    .select()
    .from(openHouses)
    .where(and(eq(openHouses.transactionId, t.id), isNull(openHouses.cancelledAt), gte(openHouses.endsAt, now)))
    .all();
  if (coming.length === 0) return;
  db.update(openHouses)
    .set({ cancelledAt: now })
    .where(
      inArray(
        openHouses.id,
        coming.map((o) => o.id),
      ),
    )
    .run();
  const hosts = db
    .select()
    .from(users)
    .where(
      inArray(
        users.id,
        coming.flatMap((o) => (o.hostId ? [o.hostId] : [])),
      ),
    )
    .all();
  const seller = db.select().from(users).where(eq(users.id, t.userId)).get();
  const to = [...hosts, ...(seller ? [seller] : [])];
  const address = t.propertyAddress ?? "the home";
  for (const person of new Map(to.map((u) => [u.id, u])).values()) {
    queuePlainEmail(
      db,
      {
        kind: "client_notice",
        to: { address: person.email, name: fullName(person) || null },
        subject: `Open houses cancelled: ${address}`,
        lines: [
          `The listing page of ${address} is no longer shown on our site: ${reason}.`,
          "Its open houses to come are cancelled:",
          ...coming.map((o) => `- ${formatSlot(o.startsAt)}`),
        ],
        action: null,
        transactionId: t.id,
      },
      now,
    );
  }
}

/** Why a live page stops being live, in words (the open houses' e-mail). */
function endReason(i: ListingInputs): string {
  if (i.status === "cancelled") return "the sale was cancelled";
  if (!i.sellerYes) return "the page was withdrawn";
  if (!i.agreementInForce) return "the listing agreement ended";
  return "it is not on the MLS";
}

/**
 * Decides a sale's listing state now and keeps it, with what the change brings. Inside the caller's database
 * transaction, after the change of an input; returns the state before and after. A sale without a listing row (never
 * prepared) has nothing to keep.
 */
export function refreshListing(
  db: DbOrTx,
  transactionId: number,
  now: Date,
  actor: Actor | null = null,
): { before: ListingState; after: ListingState } | null {
  const row = db.select().from(homeListings).where(eq(homeListings.transactionId, transactionId)).get();
  const t = db.select().from(transactions).where(eq(transactions.id, transactionId)).get();
  if (!row || !t || t.type !== "selling") return null;
  const inputs = listingInputs(db, row, t, now);
  const state = listingState(inputs);
  const firstLive = state === "live" && row.publishedAt === null;
  const soldOn = state === "sold" && t.closedAt ? todayIn(t.closedAt) : null;
  if (state === row.state && !firstLive && soldOn === row.soldOn) return { before: row.state, after: state };
  db.update(homeListings)
    .set({
      state,
      publishedAt: row.publishedAt ?? (state === "live" ? now : null),
      soldOn,
      updatedAt: now,
    })
    .where(eq(homeListings.transactionId, transactionId))
    .run();
  // The price history starts with the price the page is first shown with.
  if (firstLive && row.priceCents !== null) {
    db.insert(listingPrices)
      .values({ transactionId, priceCents: row.priceCents, on: inputs.today, createdAt: now })
      .run();
  }
  if (state !== row.state) {
    recordAudit(db, actor, {
      action: "listing.state",
      subject: { type: "transaction", id: transactionId },
      transactionId,
      changes: { state: { before: row.state, after: state } },
      at: now,
    });
  }
  if (state === "live" && row.state !== "live") {
    for (const to of sellerAndAgent(db, t)) {
      queuePlainEmail(
        db,
        {
          kind: "client_notice",
          to,
          subject: `Live on our site: ${t.propertyAddress ?? "your listing"}`,
          lines: [
            `The listing page of ${t.propertyAddress ?? "the home"} is live on our site from today.`,
            "Share its link; visitors can ask about the home, see its open houses and ask for a showing.",
          ],
          action: { label: "Open the page", url: listingLink(row.slug) },
          transactionId,
        },
        now,
      );
    }
  }
  if (row.state === "live" && state === "hidden") cancelOpenHousesToCome(db, t, endReason(inputs), now);
  return { before: row.state, after: state };
}

/**
 * The day's changes (the mail sender's tick, and tests with their own clock): a listing whose MLS date is reached
 * goes live; one whose listing agreement has ended leaves the site. Reads only the listings the seller said yes to
 * of active sales (the few the site may show), by the state index.
 */
export function listingDayJob(db: DbOrTx, now = new Date()): number {
  const candidates = db
    .select({ id: homeListings.transactionId })
    .from(homeListings)
    .innerJoin(transactions, eq(transactions.id, homeListings.transactionId))
    .where(
      and(
        isNotNull(homeListings.sellerYesAt),
        eq(transactions.status, "active"),
        or(eq(homeListings.state, "live"), and(eq(homeListings.state, "hidden"), isNotNull(homeListings.mlsEnteredOn))),
      ),
    )
    .all();
  let changed = 0;
  for (const { id } of candidates) {
    const result = db.transaction((tx) => refreshListing(tx, id, now));
    if (result && result.before !== result.after) changed += 1;
  }
  return changed;
}
