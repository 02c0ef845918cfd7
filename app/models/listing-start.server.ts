/**
 * "Start your listing" on the site (docs/agreements.md): a seller gives the address, the price and the term,
 * and finds the flat-fee listing agreement ready to sign, made from the newest listing template and sent at
 * once; the agent the seller goes to is chosen as routing says (app/models/routing.server.ts). A visitor not
 * signed in leaves the terms under a one-day token and signs in; the one who signs in claims them once.
 * The countersignature opens the selling transaction (app/models/agreement.server.ts `completeAgreement`).
 */
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { listingStarts, users } from "~/db/schema";
import { env } from "~/config/env.server";
import type { StartListingInput } from "~/lib/agreement-schema";
import { fillTemplate, templateBlocks } from "~/lib/agreement-template";
import { NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { centsOf, formatMoney } from "~/lib/money";
import { addMonthsTo, todayIn } from "~/lib/plain-date";
import { tierFor } from "~/lib/pricing";
import { DAY_MS } from "~/lib/time";
import type { Actor } from "~/models/actor.server";
import { AGREEMENTS_FOLDER, type AgreementPaper } from "~/models/agreement-access.server";
import { insertStartedListing } from "~/models/agreement-prepare.server";
import { latestTemplate } from "~/models/agreement-template.server";
import { agentForNewClient } from "~/models/routing.server";
import { newToken, sha256Hex } from "~/models/secret-token.server";

/** What a buyer's agent is offered when the seller has not said (the agent settles it with them before the MLS). */
const NO_BUYER_AGENT_OFFER =
  "none offered at this time; Seller may offer it in writing before the home goes on the MLS";

/** A visitor's terms, kept for a day under a token they claim once signed in. */
export function holdListingStart(db: Db, input: StartListingInput, now = new Date()): string {
  const token = newToken();
  db.insert(listingStarts)
    .values({
      tokenHash: sha256Hex(token),
      address: input.address,
      priceCents: centsOf(input.price),
      termMonths: input.termMonths,
      createdAt: now,
    })
    .run();
  return token;
}

/**
 * The signed-in seller's listing agreement for these terms: made and sent, with the routed agent (or the
 * broker) to countersign. Returns the agreement's id.
 */
export async function startListing(
  db: Db,
  actor: Actor,
  paper: AgreementPaper,
  input: { address: string; priceCents: number; termMonths: number },
  now = new Date(),
): Promise<number> {
  const template = latestTemplate(db, "listing");
  if (!template) throw new Error("No listing agreement template: the seed makes one at start");
  const client = db.select().from(users).where(eq(users.id, actor.id)).get();
  if (!client) throw new NotFoundError("Sign in again");
  const startsOn = todayIn(now);
  const endsOn = addMonthsTo(startsOn, input.termMonths);
  const { site } = env();
  const fields: Record<string, string> = {
    clientNames: fullName(client) || client.email,
    propertyAddress: input.address,
    listPrice: formatMoney(input.priceCents),
    flatFee: formatMoney(tierFor(input.priceCents).feeCents),
    buyerAgentCompensation: NO_BUYER_AGENT_OFFER,
    brokerName: site.broker,
    brokerLicense: site.brokerLicense,
    brokerageName: site.name,
  };
  const title = `${template.name}: ${input.address}`;
  const agent = db.transaction((tx) => agentForNewClient(tx));
  fields.agentName = agent ? fullName(agent) || agent.email : site.broker;
  fields.agentLicense = agent?.licenseNumber ?? site.brokerLicense;
  const pdf = await paper.agreementPdf(templateBlocks(fillTemplate(template.body, { ...fields, startsOn, endsOn })), {
    title,
    brokerage: site.name,
  });
  const stored = await paper.files.put(AGREEMENTS_FOLDER, Readable.from(pdf));
  return db.transaction((tx) =>
    insertStartedListing(
      tx,
      { client, agentId: agent?.id ?? null, templateId: template.id, title, fields, startsOn, endsOn, stored },
      now,
    ),
  );
}

/** The terms a visitor left (one day), claimed by the one now signed in: their agreement, made once. */
export async function claimListingStart(
  db: Db,
  actor: Actor,
  paper: AgreementPaper,
  token: string,
  now = new Date(),
): Promise<number> {
  const start = db
    .select()
    .from(listingStarts)
    .where(eq(listingStarts.tokenHash, sha256Hex(token)))
    .get();
  if (!start || now.getTime() - start.createdAt.getTime() > DAY_MS)
    throw new NotFoundError("This listing start has expired: start again");
  if (start.claimedBy && start.claimedBy !== actor.id)
    throw new NotFoundError("This listing start has expired: start again");
  if (start.agreementId) return start.agreementId;
  const id = await startListing(db, actor, paper, start, now);
  db.update(listingStarts).set({ agreementId: id, claimedBy: actor.id }).where(eq(listingStarts.id, start.id)).run();
  return id;
}
