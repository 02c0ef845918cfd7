/**
 * Lead-nurturing campaigns and their e-mail sequences, for admins: create and
 * edit campaigns, choose the one new leads join, and add, edit, remove and
 * reorder e-mails (sequence numbers stay 1..n). Changes apply to enrolled
 * leads from their next e-mail on; nothing already sent changes.
 */
import { and, asc, count, desc, eq, gt, gte, max, ne, sql } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { engagementCounts, leadEngagement, leadNurturingCampaigns, leadNurturingEmails } from "~/db/schema";
import type { CampaignEmailInput, CampaignInput } from "~/lib/admin-schemas";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { type Actor } from "~/models/actor.server";
import { assertAdmin } from "~/models/permissions.server";

/**
 * The campaign new leads join: the one an admin chose, if it is active; else
 * the first active one; none when no campaign is active (leads are then
 * stored and alerted, not enrolled).
 */
export function campaignForNewLeads(db: DbOrTx) {
  return (
    db
      .select()
      .from(leadNurturingCampaigns)
      // A listing's "Homes like" campaign (app/models/similar-homes.server.ts) is never the new leads'.
      .where(and(eq(leadNurturingCampaigns.isActive, true), ne(leadNurturingCampaigns.type, "similar_homes")))
      .orderBy(desc(leadNurturingCampaigns.forNewLeads), asc(leadNurturingCampaigns.id))
      .get()
  );
}

/** The first active e-mail of a campaign at or after (or strictly after) a sequence number. */
export function activeEmailFrom(db: DbOrTx, campaignId: number, sequence: number, strictlyAfter = false) {
  return db
    .select()
    .from(leadNurturingEmails)
    .where(
      and(
        eq(leadNurturingEmails.campaignId, campaignId),
        eq(leadNurturingEmails.isActive, true),
        strictlyAfter ? gt(leadNurturingEmails.sequence, sequence) : gte(leadNurturingEmails.sequence, sequence),
      ),
    )
    .orderBy(asc(leadNurturingEmails.sequence))
    .get();
}

/** Every campaign with its e-mail count and its leads (enrolled now: active or paused; in total), and which one new leads join. */
export function listCampaigns(db: Db, actor: Actor) {
  assertAdmin(actor);
  const campaigns = db.select().from(leadNurturingCampaigns).orderBy(asc(leadNurturingCampaigns.id)).all();
  const emails = db
    .select({ campaignId: leadNurturingEmails.campaignId, n: count() })
    .from(leadNurturingEmails)
    .groupBy(leadNurturingEmails.campaignId)
    .all();
  // Engagements per campaign and status, from the counts triggers keep (drizzle/0007_ten_years.sql).
  const counts = db.select().from(engagementCounts).all();
  const leadsOf = (campaignId: number, statuses?: readonly string[]) =>
    counts
      .filter((row) => row.campaignId === campaignId && (!statuses || statuses.includes(row.status)))
      .reduce((total, row) => total + row.n, 0);
  const joining = campaignForNewLeads(db)?.id ?? null;
  return campaigns.map((c) => ({
    ...c,
    emailCount: emails.find((e) => e.campaignId === c.id)?.n ?? 0,
    enrolledNow: leadsOf(c.id, ["active", "paused"]),
    enrolledTotal: leadsOf(c.id),
    joinsNewLeads: c.id === joining,
  }));
}

export function getCampaign(db: Db, actor: Actor, id: number) {
  assertAdmin(actor);
  const campaign = db.select().from(leadNurturingCampaigns).where(eq(leadNurturingCampaigns.id, id)).get();
  if (!campaign) throw new NotFoundError("Campaign not found");
  const emails = db
    .select()
    .from(leadNurturingEmails)
    .where(eq(leadNurturingEmails.campaignId, id))
    .orderBy(asc(leadNurturingEmails.sequence))
    .all();
  return { campaign, emails, joinsNewLeads: campaignForNewLeads(db)?.id === id };
}

export function createCampaign(db: Db, actor: Actor, input: CampaignInput) {
  assertAdmin(actor);
  return db
    .insert(leadNurturingCampaigns)
    .values({ ...input, description: input.description ?? null })
    .returning()
    .get();
}

/** Edits a campaign; deactivating it stops what has not been sent yet (the sender skips inactive campaigns). */
export function updateCampaign(db: Db, actor: Actor, id: number, input: CampaignInput) {
  assertAdmin(actor);
  const row = db
    .update(leadNurturingCampaigns)
    .set({ ...input, description: input.description ?? null, updatedAt: new Date() })
    .where(eq(leadNurturingCampaigns.id, id))
    .returning()
    .get();
  if (!row) throw new NotFoundError("Campaign not found");
  return row;
}

/** The campaign new leads join from now on (an active one). */
export function setCampaignForNewLeads(db: Db, actor: Actor, id: number) {
  assertAdmin(actor);
  db.transaction((tx) => {
    const campaign = tx.select().from(leadNurturingCampaigns).where(eq(leadNurturingCampaigns.id, id)).get();
    if (!campaign) throw new NotFoundError("Campaign not found");
    if (!campaign.isActive)
      throw new InvalidInputError("Activate the campaign first: new leads only join an active campaign");
    tx.update(leadNurturingCampaigns)
      .set({ forNewLeads: false })
      .where(eq(leadNurturingCampaigns.forNewLeads, true))
      .run();
    tx.update(leadNurturingCampaigns).set({ forNewLeads: true }).where(eq(leadNurturingCampaigns.id, id)).run();
  });
}

function campaignEmail(db: Pick<Db, "select">, campaignId: number, emailId: number) {
  const email = db
    .select()
    .from(leadNurturingEmails)
    .where(and(eq(leadNurturingEmails.id, emailId), eq(leadNurturingEmails.campaignId, campaignId)))
    .get();
  if (!email) throw new NotFoundError("E-mail not found");
  return email;
}

/** Adds an e-mail at the end of the sequence. */
export function addCampaignEmail(db: Db, actor: Actor, campaignId: number, input: CampaignEmailInput) {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const campaign = tx
      .select({ id: leadNurturingCampaigns.id })
      .from(leadNurturingCampaigns)
      .where(eq(leadNurturingCampaigns.id, campaignId))
      .get();
    if (!campaign) throw new NotFoundError("Campaign not found");
    const last = tx
      .select({ n: max(leadNurturingEmails.sequence) })
      .from(leadNurturingEmails)
      .where(eq(leadNurturingEmails.campaignId, campaignId))
      .get();
    return tx
      .insert(leadNurturingEmails)
      .values({ ...input, campaignId, sequence: (last?.n ?? 0) + 1 })
      .returning()
      .get();
  });
}

export function updateCampaignEmail(
  db: Db,
  actor: Actor,
  campaignId: number,
  emailId: number,
  input: CampaignEmailInput,
) {
  assertAdmin(actor);
  campaignEmail(db, campaignId, emailId);
  return db
    .update(leadNurturingEmails)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(leadNurturingEmails.id, emailId))
    .returning()
    .get()!;
}

/**
 * Removes an e-mail; the later ones move up one place (1..n, no gaps), and
 * leads waiting for a later e-mail keep waiting for that same e-mail.
 */
export function removeCampaignEmail(db: Db, actor: Actor, campaignId: number, emailId: number) {
  assertAdmin(actor);
  db.transaction((tx) => {
    const email = campaignEmail(tx, campaignId, emailId);
    tx.delete(leadNurturingEmails).where(eq(leadNurturingEmails.id, emailId)).run();
    const later = tx
      .select({ id: leadNurturingEmails.id, sequence: leadNurturingEmails.sequence })
      .from(leadNurturingEmails)
      .where(and(eq(leadNurturingEmails.campaignId, campaignId), gt(leadNurturingEmails.sequence, email.sequence)))
      .orderBy(asc(leadNurturingEmails.sequence))
      .all();
    for (const e of later)
      tx.update(leadNurturingEmails)
        .set({ sequence: e.sequence - 1 })
        .where(eq(leadNurturingEmails.id, e.id))
        .run();
    tx.update(leadEngagement)
      .set({ currentSequence: sql`${leadEngagement.currentSequence} - 1` })
      .where(and(eq(leadEngagement.campaignId, campaignId), gt(leadEngagement.currentSequence, email.sequence)))
      .run();
  });
}

/** Moves an e-mail one place up or down (swapping with its neighbour); at either end nothing changes. */
export function moveCampaignEmail(db: Db, actor: Actor, campaignId: number, emailId: number, direction: "up" | "down") {
  assertAdmin(actor);
  db.transaction((tx) => {
    const email = campaignEmail(tx, campaignId, emailId);
    const neighbour = tx
      .select()
      .from(leadNurturingEmails)
      .where(
        and(
          eq(leadNurturingEmails.campaignId, campaignId),
          eq(leadNurturingEmails.sequence, direction === "up" ? email.sequence - 1 : email.sequence + 1),
        ),
      )
      .get();
    if (!neighbour) return;
    // Through a free number, as (campaign, sequence) is unique.
    tx.update(leadNurturingEmails).set({ sequence: -email.sequence }).where(eq(leadNurturingEmails.id, email.id)).run();
    tx.update(leadNurturingEmails)
      .set({ sequence: email.sequence })
      .where(eq(leadNurturingEmails.id, neighbour.id))
      .run();
    tx.update(leadNurturingEmails)
      .set({ sequence: neighbour.sequence })
      .where(eq(leadNurturingEmails.id, email.id))
      .run();
  });
}
