/**
 * "Start your listing" on the site (docs/agreements.md): a seller gives their full legal name, every other seller
 * on title (name and e-mail: each is e-mailed a signing link of their own), the address, the price and the term,
 * and finds the flat-fee listing agreement ready to sign, made from the newest listing
 * template and sent at once; the agent the seller goes to is chosen as routing says
 * (app/models/routing.server.ts). A visitor not signed in leaves the terms under a one-day token, bound to
 * their browser by a secret cookie, and signs in; the one who started it claims it, once. One agreement per
 * start and per home: a second tab, a double click or a reload finds the same one. Unclaimed starts are deleted
 * after 7 days. The countersignature opens the selling transaction (app/models/agreement-seal.server.ts).
 */
import { Readable } from "node:stream";
import { and, eq, isNull, lt } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { agreements, listingStarts, users } from "~/db/schema";
import { env } from "~/config/env.server";
import type { StartListingInput } from "~/lib/agreement-schema";
import { fillTemplate, templateBlocks } from "~/lib/agreement-template";
import { NotFoundError } from "~/lib/errors";
import { centsOf } from "~/lib/money";
import { addMonthsTo, todayIn } from "~/lib/plain-date";
import { DAY_MS } from "~/lib/time";
import type { Actor } from "~/models/actor.server";
import { AGREEMENTS_FOLDER, type AgreementPaper } from "~/models/agreement-access.server";
import { agreementFields, agreementTerms, insertStartedListing } from "~/models/agreement-prepare.server";
import { latestTemplate } from "~/models/agreement-template.server";
import { agentForNewClient } from "~/models/routing.server";
import { newToken, sha256Hex } from "~/models/secret-token.server";

/** What a buyer's agent is offered when the seller has not said (the agent settles it with them before the MLS). */
const NO_BUYER_AGENT_OFFER =
  "none offered at this time; Seller may offer it in writing before the home goes on the MLS";

/** How long a visitor's terms wait for them to sign in, and how long an unclaimed start is kept. */
const CLAIM_MS = DAY_MS;
const KEEP_UNCLAIMED_MS = 7 * DAY_MS;

const EXPIRED = "This listing start has expired: start again";

/** The terms of a listing start, as the seller gave them, with the other sellers on title (each signs too). */
export type ListingTerms = {
  sellerName: string;
  address: string;
  priceCents: number;
  termMonths: number;
  coSellers: Array<{ name: string; email: string }>;
};

/**
 * A visitor's terms, kept for a day under a token they claim once signed in; `browserSecret` is the secret their
 * browser keeps in a cookie: only they may claim it.
 */
export function holdListingStart(
  db: Db,
  input: StartListingInput,
  now = new Date(),
): { token: string; browserSecret: string } {
  const token = newToken();
  const browserSecret = newToken();
  db.insert(listingStarts)
    .values({
      tokenHash: sha256Hex(token),
      browserHash: sha256Hex(browserSecret),
      sellerName: input.sellerName,
      address: input.address,
      priceCents: centsOf(input.price),
      termMonths: input.termMonths,
      coSellers: input.coSellers,
      createdAt: now,
    })
    .run();
  return { token, browserSecret };
}

const sameHome = (a: string, b: string) =>
  a.replace(/\s+/g, " ").trim().toLowerCase() === b.replace(/\s+/g, " ").trim().toLowerCase();

/** The seller's listing agreement for this home still waiting for signatures, started on the site: one per home. */
function openStart(db: DbOrTx, clientId: string, address: string): number | null {
  const open = db
    .select({ id: agreements.id, fields: agreements.fields })
    .from(agreements)
    .where(
      and(
        eq(agreements.clientId, clientId),
        eq(agreements.kind, "listing"),
        eq(agreements.status, "sent"),
        eq(agreements.startedOnline, true),
        isNull(agreements.transactionId),
      ),
    )
    .all();
  return open.find((a) => sameHome(a.fields.propertyAddress ?? "", address))?.id ?? null;
}

/**
 * The signed-in seller's listing agreement for these terms: made and sent, with the routed agent (or the
 * broker) to countersign; or the one already waiting for this home. `claim` binds it to a held start, in the
 * same database transaction, so that two requests make one agreement. Returns the agreement's id.
 */
export async function startListing(
  db: Db,
  actor: Actor,
  paper: AgreementPaper,
  input: ListingTerms,
  now = new Date(),
  claim?: { startId: number },
): Promise<number> {
  const existing = openStart(db, actor.id, input.address);
  if (existing !== null && !claim) return existing;
  const template = latestTemplate(db, "listing");
  if (!template) throw new Error("No listing agreement template: the seed makes one at start");
  const client = db.select().from(users).where(eq(users.id, actor.id)).get();
  if (!client) throw new NotFoundError("Sign in again");
  const startsOn = todayIn(now);
  const endsOn = addMonthsTo(startsOn, input.termMonths);
  const agent = db.transaction((tx) => agentForNewClient(tx));
  const terms = agreementTerms(db, "listing", {});
  const fields: Record<string, string> = {
    ...agreementFields({
      client,
      agent: agent ?? undefined,
      propertyAddress: input.address,
      valueCents: input.priceCents,
    }),
    clientNames: [input.sellerName, ...input.coSellers.map((s) => s.name)].join(" and "),
    buyerAgentCompensation: NO_BUYER_AGENT_OFFER,
    ...terms.fields,
  };
  const title = `${template.name}: ${input.address}`;
  const pdf = await paper.agreementPdf(templateBlocks(fillTemplate(template.body, { ...fields, startsOn, endsOn })), {
    title,
    brokerage: env().site.name,
  });
  const stored = await paper.files.put(AGREEMENTS_FOLDER, Readable.from(pdf));
  const { id, made } = db.transaction((tx) => {
    // Checked again where it is written: whichever request comes second finds the first one's agreement.
    if (claim) {
      const start = tx.select().from(listingStarts).where(eq(listingStarts.id, claim.startId)).get();
      if (start?.agreementId) return { id: start.agreementId, made: false };
    }
    const waiting = openStart(tx, actor.id, input.address);
    const agreementId =
      waiting ??
      insertStartedListing(
        tx,
        {
          client: { ...client, sellerName: input.sellerName },
          agentId: agent?.id ?? null,
          templateId: template.id,
          title,
          fields,
          startsOn,
          endsOn,
          stored,
          coSellers: input.coSellers,
          protectionDays: terms.columns.protectionDays ?? null,
        },
        now,
      );
    if (claim) {
      tx.update(listingStarts)
        .set({ agreementId, claimedBy: actor.id })
        .where(eq(listingStarts.id, claim.startId))
        .run();
    }
    return { id: agreementId, made: waiting === null };
  });
  // The PDF of an agreement that was not made after all is nobody's.
  if (!made) await paper.files.delete(stored.key).catch(() => undefined);
  return id;
}

/**
 * The terms a visitor left (a day), claimed by the one now signed in, from the browser that started them
 * (`browserSecret`, its cookie): their agreement, made once. Anyone else, or after a day: "not found".
 */
export async function claimListingStart(
  db: Db,
  actor: Actor,
  paper: AgreementPaper,
  token: string,
  browserSecret: string | null,
  now = new Date(),
): Promise<number> {
  const start = db
    .select()
    .from(listingStarts)
    .where(eq(listingStarts.tokenHash, sha256Hex(token)))
    .get();
  if (!start) throw new NotFoundError(EXPIRED);
  if (start.claimedBy && start.claimedBy !== actor.id) throw new NotFoundError(EXPIRED);
  if (!start.claimedBy && (!browserSecret || start.browserHash !== sha256Hex(browserSecret))) {
    throw new NotFoundError(EXPIRED);
  }
  if (start.agreementId) return start.agreementId;
  if (now.getTime() - start.createdAt.getTime() > CLAIM_MS) throw new NotFoundError(EXPIRED);
  return startListing(
    db,
    actor,
    paper,
    {
      sellerName: start.sellerName ?? "",
      address: start.address,
      priceCents: start.priceCents,
      termMonths: start.termMonths,
      coSellers: start.coSellers,
    },
    now,
    { startId: start.id },
  );
}

/** Deletes the starts nobody claimed within 7 days (the mail sender's tick). */
export function purgeListingStarts(db: Db, now = new Date()): number {
  return db
    .delete(listingStarts)
    .where(
      and(isNull(listingStarts.agreementId), lt(listingStarts.createdAt, new Date(now.getTime() - KEEP_UNCLAIMED_MS))),
    )
    .run().changes;
}
