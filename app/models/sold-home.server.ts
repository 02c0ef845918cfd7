/**
 * The homes we sold (docs/proof.md): when a transaction is completed with its price, its sale is kept as the public
 * could read it (the place, the month, the price; for a sale the fee paid, from the one rule of a transaction's
 * compensation in app/models/compensation.server.ts, and what the seller saved against a 3 % listing commission on
 * the same price; a purchase neither: it paid no listing fee) and its client is asked once, in the portal and by
 * e-mail, whether and how we may show it. Nothing is shown without their yes; a no, at any time, takes it off
 * every page at once (the page scopes' triggers, migration 0025). The lists' counts and the total saved are
 * `public_counts`, kept by triggers, so no page counts its rows.
 */
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { preparedQuery, type Db, type DbOrTx } from "~/db/client.server";
import {
  homeListings,
  publicCounts,
  soldHomes,
  transactions,
  users,
  type SoldHome,
  type Transaction,
} from "~/db/schema";
import { env } from "~/config/env.server";
import { NotFoundError } from "~/lib/errors";
import { formatMoney, roundToDollars } from "~/lib/money";
import { photoSources } from "~/lib/images";
import { canonicalNeighbourhood, neighbourhoodOf, zipOf } from "~/lib/neighbourhoods";
import { formatMonthIn, monthIn } from "~/lib/plain-date";
import { calculateSavings } from "~/lib/pricing";
import { PROOF_PAGE_SIZE, type SoldConsent } from "~/lib/proof-schema";
import type { Actor } from "~/models/actor.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { shownAgentSlugs } from "~/models/agent-profile.server";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { compensationOf, isKnown } from "~/models/compensation.server";
import { firstPhotos } from "~/models/home-listing.server";
import { refreshListing } from "~/models/listing-state.server";

/**
 * The figures a completed transaction is shown with: a sale's fee paid (its compensation: the signed listing
 * agreement's flat fee, else the tier table's, `estimated`) and its saving against a 3 % listing commission on the
 * same price (the calculator's rule, app/lib/pricing.ts); a purchase none (0, 0: neither is shown nor counted).
 */
export function saleFigures(db: DbOrTx, t: Transaction, priceCents: number) {
  if (t.type !== "selling") return { feeCents: 0, savedCents: 0, feeBasis: null };
  const compensation = compensationOf(db, { ...t, closingPriceCents: priceCents });
  const feeCents = isKnown(compensation) ? compensation.cents : calculateSavings(priceCents)!.flatFeeCents;
  return {
    feeCents,
    savedCents: calculateSavings(priceCents)!.traditionalFeeCents - feeCents,
    feeBasis: isKnown(compensation) ? compensation.basis : ("estimated" as const),
  };
}

/**
 * A transaction just completed (app/models/transaction-edit.server.ts): its sale is kept with its figures, and
 * its client is asked, the first time only, whether we may show it. Without an address or a price (a purchase
 * still a home search) there is nothing to show and nothing is asked.
 */
export function recordCompletedSale(tx: DbOrTx, t: Transaction, now: Date): void {
  const priceCents = t.closingPriceCents ?? t.homeValueCents;
  if (!t.propertyAddress || !priceCents || priceCents <= 0) return;
  const zip = zipOf(t.propertyAddress);
  const figures = saleFigures(tx, t, priceCents);
  const values = {
    agentId: t.assignedAgentId,
    side: t.type,
    address: t.propertyAddress,
    zip,
    neighbourhood: neighbourhoodOf(zip),
    closedAt: t.closedAt ?? now,
    priceCents,
    ...figures,
  };
  // Completed again after a reopening: the figures are new, the seller's answer stands (shown again if it was yes).
  const inserted = tx
    .insert(soldHomes)
    .values({ transactionId: t.id, userId: t.userId, askedAt: now, ...values })
    .onConflictDoUpdate({ target: soldHomes.transactionId, set: { ...values, shown: sql`${soldHomes.consented}` } })
    .returning({ askedAt: soldHomes.askedAt })
    .get();
  if (inserted.askedAt.getTime() !== now.getTime()) return;
  const client = tx.select().from(users).where(eq(users.id, t.userId)).get();
  if (!client) return;
  const saleWord = t.type === "selling" ? "sale" : "purchase";
  const shown =
    t.type === "selling"
      ? `the month it closed, the price, the flat fee you paid (${formatMoney(figures.feeCents)}${figures.feeBasis === "estimated" ? ", estimated" : ""}) and what you saved compared with a 3% listing commission on the same price (${formatMoney(figures.savedCents)})`
      : "the month it closed and the price";
  queuePlainEmail(
    tx,
    {
      kind: "client_notice",
      to: { address: client.email, name: client.firstName },
      subject: `May we show your ${saleWord} on our site?`,
      lines: [
        `Congratulations on closing ${t.propertyAddress}.`,
        `With your permission we would show it among the homes we helped with: ${shown}.`,
        "You choose whether we show the street address or only the neighbourhood, and whether we show a photo. Nothing is shown unless you say yes, and you can take it back in your portal at any time.",
      ],
      action: { label: "Answer in your portal", url: `${env().mail.appUrl}/client-portal#sold-consent` },
      transactionId: t.id,
    },
    now,
  );
}

/**
 * At start: a sale kept before its fee came from its agreement (migration 0032: `fee_basis` empty) gets its figures
 * again by the one rule (the signed listing agreement's fee, else the tier table's, estimated). Once per row.
 */
export function refreshSoldFigures(db: Db): number {
  const rows = db
    .select({ sold: soldHomes, t: transactions })
    .from(soldHomes)
    .innerJoin(transactions, eq(transactions.id, soldHomes.transactionId))
    .where(and(eq(soldHomes.side, "selling"), isNull(soldHomes.feeBasis)))
    .all();
  for (const { sold, t } of rows) {
    db.update(soldHomes)
      .set(saleFigures(db, t, sold.priceCents))
      .where(eq(soldHomes.transactionId, sold.transactionId))
      .run();
  }
  return rows.length;
}

/**
 * A transaction completed no more (reopened or cancelled): its sale leaves the site at once; the seller's answer is
 * kept, so completing it again asks nothing and shows it again only with that yes.
 */
export function forgetCompletedSale(tx: DbOrTx, transactionId: number): void {
  tx.update(soldHomes).set({ shown: false }).where(eq(soldHomes.transactionId, transactionId)).run();
}

/** The client's sales we asked about (the portal's card): those completed now (a reopened one waits). */
export function soldConsentsOf(db: Db, userId: string): SoldHome[] {
  return db
    .select({ sold: soldHomes })
    .from(soldHomes)
    .innerJoin(transactions, eq(transactions.id, soldHomes.transactionId))
    .where(and(eq(soldHomes.userId, userId), eq(transactions.status, "completed")))
    .all()
    .map((r) => r.sold);
}

/** The client's answer (their transaction only; anyone else is told "not found"). Audited. */
export function answerSoldConsent(
  db: Db,
  actor: Actor,
  transactionId: number,
  input: SoldConsent,
  now = new Date(),
): SoldHome {
  return db.transaction((tx) => {
    const before = tx.select().from(soldHomes).where(eq(soldHomes.transactionId, transactionId)).get();
    if (!before || before.userId !== actor.id) throw new NotFoundError("Sale not found");
    const t = tx
      .select({ status: transactions.status })
      .from(transactions)
      .where(eq(transactions.id, transactionId))
      .get();
    const row = tx
      .update(soldHomes)
      .set({
        consented: input.show,
        shown: input.show && t?.status === "completed",
        detail: input.detail,
        photo: input.photo,
        answeredAt: now,
      })
      .where(eq(soldHomes.transactionId, transactionId))
      .returning()
      .get()!;
    recordAudit(tx, actor, {
      action: "sold.consent",
      subject: { type: "transaction", id: transactionId },
      transactionId,
      changes: changesOf(before as unknown as Record<string, unknown>, {
        shown: row.shown,
        detail: row.detail,
        photo: row.photo,
      }) ?? { shown: { before: before.shown, after: row.shown } },
      at: now,
    });
    // Its listing's sold page shows only with this yes (app/lib/listing-state.ts): decided again now.
    refreshListing(tx, transactionId, now, actor);
    return row;
  });
}

/** A sold home as the public sees it. */
export type PublicSale = {
  id: number;
  place: string;
  zip: string | null;
  neighbourhood: string;
  side: SoldHome["side"];
  closedMonth: string;
  closedAt: Date;
  priceCents: number;
  feeCents: number;
  savedCents: number;
  feeBasis: SoldHome["feeBasis"];
  agent: { slug: string; name: string } | null;
  /** Its listing's first photo, when the seller said yes to a photo. */
  photo: { src: string; srcSet: string; alt: string } | null;
  /** Its sold page (/homes/{slug}), when the seller let it show with its address (app/lib/listing-state.ts). */
  url: string | null;
};

const listed = {
  transactionId: soldHomes.transactionId,
  address: soldHomes.address,
  detail: soldHomes.detail,
  zip: soldHomes.zip,
  neighbourhood: soldHomes.neighbourhood,
  side: soldHomes.side,
  closedAt: soldHomes.closedAt,
  priceCents: soldHomes.priceCents,
  feeCents: soldHomes.feeCents,
  savedCents: soldHomes.savedCents,
  feeBasis: soldHomes.feeBasis,
  agentId: soldHomes.agentId,
  photo: soldHomes.photo,
};
type ListedSale = Pick<
  SoldHome,
  | "transactionId"
  | "address"
  | "detail"
  | "zip"
  | "neighbourhood"
  | "side"
  | "closedAt"
  | "priceCents"
  | "feeCents"
  | "savedCents"
  | "feeBasis"
  | "agentId"
  | "photo"
>;

function toPublicSales(db: DbOrTx, rows: ListedSale[]): PublicSale[] {
  const agents = shownAgentSlugs(
    db,
    rows.flatMap((r) => (r.agentId ? [r.agentId] : [])),
  );
  const pages = soldPagesOf(
    db,
    rows.map((r) => r.transactionId),
  );
  return rows.map((r) => {
    const place = r.detail === "address" ? r.address : r.zip ? `${r.neighbourhood}, ${r.zip}` : r.neighbourhood;
    const page = pages.get(r.transactionId);
    return {
      id: r.transactionId,
      place,
      zip: r.zip,
      neighbourhood: r.neighbourhood,
      side: r.side,
      closedMonth: formatMonthIn(r.closedAt),
      closedAt: r.closedAt,
      priceCents: r.priceCents,
      feeCents: r.feeCents,
      savedCents: r.savedCents,
      feeBasis: r.feeBasis,
      agent: (r.agentId && agents.get(r.agentId)) || null,
      // The place as the card names it (never the street of a sale shown by its neighbourhood).
      photo:
        r.photo && page?.photo
          ? photoSources({ ...page.photo, alt: page.photo.alt.trim() || `Photo of the home, ${place}` })
          : null,
      url: page?.url ?? null,
    };
  });
}

/**
 * The listing of each sale, by its primary key: its sold page's address when its state is `sold`, and its first
 * photo (home-listing.server.ts's firstPhotos, the cards' own: by the index (transaction_id, position)).
 */
function soldPagesOf(db: DbOrTx, ids: number[]) {
  const photos = firstPhotos(db, ids);
  const rows =
    ids.length === 0
      ? []
      : db
          .select({ transactionId: homeListings.transactionId, slug: homeListings.slug, state: homeListings.state })
          .from(homeListings)
          .where(inArray(homeListings.transactionId, ids))
          .all();
  return new Map(
    rows.map((r) => [
      r.transactionId,
      { url: r.state === "sold" ? `/homes/${r.slug}` : null, photo: photos.get(r.transactionId) ?? null },
    ]),
  );
}

/** The partial indexes' own condition, written the same way (a bound parameter would not match it). */
const shown = sql`${sql.raw("shown")} = 1`;
const pageOf = (by: "all" | "zip" | "area" | "agent") =>
  preparedQuery((db) =>
    db
      .select(listed)
      .from(soldHomes)
      .where(
        by === "all"
          ? shown
          : and(
              shown,
              eq(
                by === "zip" ? soldHomes.zip : by === "area" ? soldHomes.neighbourhood : soldHomes.agentId,
                sql.placeholder("key"),
              ),
            ),
      )
      .orderBy(desc(soldHomes.closedAt))
      .limit(sql.placeholder("limit"))
      .offset(sql.placeholder("offset"))
      .prepare(),
  );
const pages = { all: pageOf("all"), zip: pageOf("zip"), area: pageOf("area"), agent: pageOf("agent") };

const countOf = preparedQuery((db) =>
  db
    .select({ count: publicCounts.count, total: publicCounts.total })
    .from(publicCounts)
    .where(eq(publicCounts.key, sql.placeholder("key")))
    .prepare(),
);

/** A count and a sum kept by the triggers (`sold`, `sold:zip:92104`, `reviews`, …): zero before the first. */
export const publicCount = (db: Db, key: string) => countOf(db).get({ key }) ?? { count: 0, total: 0 };

/** /sold: the shown sales, newest first, 24 a page, by ZIP code or neighbourhood; with their count. */
export function listSold(db: Db, filter: { zip?: string; area?: string; page: number }) {
  const by = filter.zip ? "zip" : filter.area ? "area" : "all";
  const key = filter.zip ?? (filter.area ? canonicalNeighbourhood(filter.area) : null);
  const total = publicCount(db, by === "all" ? "sold" : `sold:${by}:${key}`).count;
  const rows = pages[by](db).all({ key, limit: PROOF_PAGE_SIZE, offset: (filter.page - 1) * PROOF_PAGE_SIZE });
  return { items: toPublicSales(db, rows), page: filter.page, total };
}

/** The newest shown sales (the landing page's three, an agent's page's). */
export function latestSold(db: Db, limit: number, agentId?: string) {
  const rows = agentId
    ? pages.agent(db).all({ key: agentId, limit, offset: 0 })
    : pages.all(db).all({ key: null, limit, offset: 0 });
  return toPublicSales(db, rows);
}

/**
 * How many shown sales and what their sellers saved in all ("Our sellers have saved $1,234,567"): purchases count
 * among the homes but add nothing to the total (their saving is 0: a buyer paid no listing fee).
 */
export const soldTotals = (db: Db) => {
  const { count, total } = publicCount(db, "sold");
  return { count, savedCents: total };
};

/**
 * The API's sale: the month it closed in San Diego, the price; a sale's fee and saving (with where the fee comes
 * from: `feeBasis`), a purchase's null.
 */
export const toSaleJson = (s: PublicSale) => ({
  place: s.place,
  zip: s.zip,
  neighbourhood: s.neighbourhood,
  side: s.side,
  closedMonth: monthIn(s.closedAt),
  price: roundToDollars(s.priceCents),
  fee: s.side === "selling" ? roundToDollars(s.feeCents) : null,
  saved: s.side === "selling" ? roundToDollars(s.savedCents) : null,
  feeBasis: s.side === "selling" ? s.feeBasis : null,
  agent: s.agent,
});
