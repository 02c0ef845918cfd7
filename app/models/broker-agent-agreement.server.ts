/**
 * The broker–agent agreement (docs/roster.md; 10 CCR 2726): the written agreement between the broker and
 * each agent, from the newest `broker_agent` template, prepared and sent from the team page (admins) in one step,
 * signed in the portal like the others: the agent first (`/agreements/{id}/sign`, signed in), then the broker's seat
 * (any admin, in their own name). It belongs to no transaction; its signed copy is kept with the agreement. An agent
 * without a signed one is flagged on the team page and the broker reminded once a week, but may still be assigned.
 */
import { Readable } from "node:stream";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { Db, DbOrTx } from "~/db/client.server";
import { agreements, users, type Agreement } from "~/db/schema";
import { agreementStatus } from "~/lib/agreement-rules";
import { fillTemplate, templateBlocks } from "~/lib/agreement-template";
import { ConflictError, NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { todayIn } from "~/lib/plain-date";
import { type Actor } from "~/models/actor.server";
import { AGREEMENTS_FOLDER, type AgreementPaper } from "~/models/agreement-access.server";
import {
  agreementFields,
  assertNoBlanks,
  countersigner,
  insertSigners,
  markSent,
} from "~/models/agreement-prepare.server";
import { latestTemplate } from "~/models/agreement-template.server";
import { getAgreement } from "~/models/agreement-view.server";
import { recordAudit } from "~/models/audit-log.server";
import { assertAdmin } from "~/models/permissions.server";

/** The person's newest broker–agent agreement (voided and declined ones included), or undefined. */
export function latestBrokerAgentAgreement(db: DbOrTx, userId: string): Agreement | undefined {
  return db
    .select()
    .from(agreements)
    .where(and(eq(agreements.clientId, userId), eq(agreements.kind, "broker_agent")))
    .orderBy(desc(agreements.createdAt), desc(agreements.id))
    .limit(1)
    .get();
}

/**
 * Each person's newest broker–agent agreement, in one query (the team page and the weekly reminder read the whole
 * team: one query each, not one per person). By `agreements_client_idx` (client, kind, created).
 */
export function latestBrokerAgentAgreements(db: DbOrTx, userIds: string[]): Map<string, Agreement> {
  const latest = new Map<string, Agreement>();
  if (!userIds.length) return latest;
  const rows = db
    .select()
    .from(agreements)
    .where(and(inArray(agreements.clientId, userIds), eq(agreements.kind, "broker_agent")))
    .orderBy(asc(agreements.clientId), desc(agreements.createdAt), desc(agreements.id))
    .all();
  for (const row of rows) if (!latest.has(row.clientId)) latest.set(row.clientId, row);
  return latest;
}

/** The team's view of one: `{ id, status, signedAt }` (status as the agreements list words it), or null when none. */
export const agreementStateOf = (a: Agreement | undefined, now = new Date()) =>
  a ? { id: a.id, status: agreementStatus(a, todayIn(now)), signedAt: a.completedAt?.toISOString() ?? null } : null;

/** The team's view of a person's agreement, or null when none. */
export function brokerAgentAgreementState(db: DbOrTx, userId: string, now = new Date()) {
  return agreementStateOf(latestBrokerAgentAgreement(db, userId), now);
}

/**
 * Where a person stands by their newest broker–agent agreement's stored status: signed, out for signature (a draft,
 * sent, or being sealed), or none (never sent, declined or voided). One rule for the team page, the reminder and
 * sending another.
 */
export type AgreementStanding = "signed" | "out" | "none";
export const standingOf = (status: string | undefined): AgreementStanding =>
  status === "signed" ? "signed" : status === "draft" || status === "sent" || status === "sealing" ? "out" : "none";

/**
 * `POST /api/team/{id}/agreement` and the team page's "Send the broker–agent agreement" (admins): prepares the
 * agreement from the newest template with the agent's name and license and the brokerage's, and sends it for
 * signature (the agent first, then the broker). 404 for someone not on the team; 409 while one is out for signature
 * or already signed, or when the agent has no license number or the template is missing.
 */
export async function sendBrokerAgentAgreement(
  db: Db,
  actor: Actor,
  paper: AgreementPaper,
  userId: string,
  now = new Date(),
) {
  assertAdmin(actor);
  const agent = db.select().from(users).where(eq(users.id, userId)).get();
  if (!agent || !(agent.isAgent || agent.isAdmin) || agent.deactivatedAt) throw new NotFoundError("Not on the team");
  const current = latestBrokerAgentAgreement(db, userId);
  const standing = standingOf(current?.status);
  if (standing === "out") {
    throw new ConflictError(`${fullName(agent) || agent.email}'s broker–agent agreement is out for signature`);
  }
  if (standing === "signed") {
    throw new ConflictError(`${fullName(agent) || agent.email} has signed their broker–agent agreement already`);
  }
  if (!agent.licenseNumber) {
    throw new ConflictError("Enter their DRE license number first: the agreement names it");
  }
  const template = latestTemplate(db, "broker_agent");
  if (!template) throw new ConflictError("There is no broker–agent agreement template");
  const startsOn = todayIn(now);
  const fields = agreementFields({ client: agent, agent, propertyAddress: null, valueCents: null });
  const values = { ...fields, startsOn };
  assertNoBlanks(template.body, values);
  const title = `${template.name}: ${fullName(agent) || agent.email}`;
  const pdf = await paper.agreementPdf(templateBlocks(fillTemplate(template.body, values)), {
    title,
    brokerage: env().site.name,
  });
  const stored = await paper.files.put(AGREEMENTS_FOLDER, Readable.from(pdf));
  const id = db.transaction((tx) => {
    const row = tx
      .insert(agreements)
      .values({
        transactionId: null,
        clientId: agent.id,
        agentId: null,
        kind: "broker_agent",
        templateId: template.id,
        title,
        fields,
        startsOn,
        endsOn: null,
        unsignedKey: stored.key,
        unsignedSha256: stored.sha256,
        createdBy: actor.id,
        createdAt: now,
      })
      .returning({ id: agreements.id })
      .get();
    insertSigners(tx, row.id, [
      { name: fullName(agent), email: agent.email, role: "client", userId: agent.id, forBroker: false },
      countersigner(tx, null),
    ]);
    recordAudit(tx, actor, {
      action: "agreement.prepare",
      subject: { type: "agreement", id: row.id },
      changes: { kind: "broker_agent", title, agent: agent.email },
      at: now,
    });
    // Prepared and sent in one transaction: a send that fails leaves no draft to block the next try.
    markSent(tx, actor, row.id, now);
    return row.id;
  });
  return getAgreement(db, actor, id, now);
}
