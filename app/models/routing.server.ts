/**
 * New leads' routing (docs/decisions/030-team.md), by the `routing` setting (/admin/settings):
 * - `round_robin`: each new lead goes to the next agent taking leads, in the team's order, after the one
 *   the last lead went to (`agency_settings.round_robin_last`). It runs inside the database transaction
 *   that stores the lead, which takes the write lock when it begins (app/db/client.server.ts): two leads
 *   arriving together, in any process, are routed one after the other, never to the same agent out of
 *   turn, and a restart loses nothing (the turn is in the database).
 * - `first_to_claim`: the lead is offered to every agent taking leads (their alert has a Claim link) until
 *   `claim_minutes` have passed; the first claim wins (one conditional UPDATE: a second claim changes no
 *   row and is a 409 naming who has it); unclaimed at the end, it stays the admins' and they are told
 *   (`expireClaims`, on the mail sender's tick).
 * - `off`: the lead is the admins' (as before there was a team).
 * Someone writing again goes to the agent who has their earlier lead, out of turn.
 * Agents taking part: active, taking leads, with a license number. Admins receive a lead only as the
 * fallback. Speed to lead starts when the lead arrives (app/models/lead.server.ts `markFirstAction`).
 */
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  agencySettings,
  agentRow,
  contactSubmissions,
  leadEvents,
  users,
  type ContactSubmission,
  type User,
} from "~/db/schema";
import { ConflictError, ForbiddenError, NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import type { Actor } from "~/models/actor.server";
import { actingRefusalOf } from "~/models/broker-duties.server";
import { routingSettings } from "~/models/settings.server";
import { assignLeadTo } from "~/models/team.server";

/** The agents new leads go to, in the team's order: only those who may act for the brokerage today. */
export function routableAgents(db: DbOrTx, now = new Date()): User[] {
  return db
    .select()
    .from(users)
    .where(
      and(
        agentRow,
        eq(users.isAdmin, false),
        eq(users.takesLeads, true),
        isNull(users.deactivatedAt),
        isNotNull(users.licenseNumber),
      ),
    )
    .orderBy(asc(users.teamPosition), asc(users.email))
    .all()
    .filter((u) => actingRefusalOf(db, u, now) === null);
}

export type Routed =
  { mode: "assigned"; agent: User } | { mode: "claim"; group: User[]; until: Date } | { mode: "admins" };

/** The next agent after `last` in the team's order (the first one after the end, or when `last` is gone). */
export function nextInTurn(agents: User[], last: User | undefined): User | undefined {
  if (agents.length === 0) return undefined;
  if (!last) return agents[0];
  // The order of routableAgents: team position (SQLite puts none first), then e-mail.
  const position = (u: User) => [u.teamPosition ?? Number.MIN_SAFE_INTEGER, u.email] as const;
  const [lastPosition, lastEmail] = position(last);
  return (
    agents.find((a) => {
      const [p, email] = position(a);
      return p > lastPosition || (p === lastPosition && email > lastEmail);
    }) ?? agents[0]
  );
}

/** Routes a new lead inside the database transaction that stores it; returns where it went. */
export function routeLead(tx: DbOrTx, lead: ContactSubmission, now: Date, toAgentId?: string): Routed {
  // "Contact Agatha" on an agent's page: the lead goes to that agent, whatever the routing's mode.
  if (toAgentId) {
    const chosen = tx.select().from(users).where(eq(users.id, toAgentId)).get();
    const current = chosen && actingRefusalOf(tx, chosen, now) === null;
    if (chosen && current && (chosen.isAgent || chosen.isAdmin) && chosen.deactivatedAt === null) {
      assignLeadTo(tx, null, lead, chosen.id, "lead.assign", now);
      return { mode: "assigned", agent: chosen };
    }
  }
  const settings = routingSettings(tx);
  if (settings.mode === "off") return { mode: "admins" };
  const agents = routableAgents(tx, now);
  if (agents.length === 0) return { mode: "admins" };
  // Someone writing again goes to the agent who has their earlier lead (by the index (email, created_at)).
  const earlier = tx
    .select({ agentId: contactSubmissions.assignedAgentId })
    .from(contactSubmissions)
    .where(and(eq(contactSubmissions.email, lead.email), isNotNull(contactSubmissions.assignedAgentId)))
    .orderBy(desc(contactSubmissions.createdAt))
    .limit(1)
    .get();
  const same = earlier && agents.find((a) => a.id === earlier.agentId);
  if (same) {
    assignLeadTo(tx, null, lead, same.id, "lead.assign", now);
    return { mode: "assigned", agent: same };
  }
  if (settings.mode === "first_to_claim") {
    const until = new Date(now.getTime() + settings.claimMinutes * 60_000);
    tx.update(contactSubmissions).set({ claimUntil: until }).where(eq(contactSubmissions.id, lead.id)).run();
    return { mode: "claim", group: agents, until };
  }
  const last = settings.roundRobinLast
    ? tx.select().from(users).where(eq(users.id, settings.roundRobinLast)).get()
    : undefined;
  const agent = nextInTurn(agents, last)!;
  tx.update(agencySettings).set({ roundRobinLast: agent.id }).where(eq(agencySettings.id, 1)).run();
  assignLeadTo(tx, null, lead, agent.id, "lead.assign", now);
  return { mode: "assigned", agent };
}

/**
 * An agent claims a lead offered to them: the first claim wins. To an agent of the group it was offered to,
 * a later claim is a 409 naming who has it, and a claim after the time ran out a 409 saying the admins
 * have it; a lead never offered by first to claim is "not found", like a missing one. Only agents taking
 * part in routing.
 */
export function claimLead(db: Db, actor: Actor, leadId: number, now = new Date()): ContactSubmission {
  return db.transaction((tx) => {
    const lead = tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId)).get();
    if (!lead) throw new NotFoundError(NOT_FOUND);
    if (!routableAgents(tx).some((a) => a.id === actor.id)) {
      throw new ForbiddenError("Only an agent taking leads can claim one.");
    }
    const won = tx
      .update(contactSubmissions)
      .set({ claimUntil: null })
      .where(
        and(
          eq(contactSubmissions.id, leadId),
          isNull(contactSubmissions.assignedAgentId),
          isNotNull(contactSubmissions.claimUntil),
          gt(contactSubmissions.claimUntil, now),
        ),
      )
      .run();
    if (won.changes === 0) {
      const ended = claimEnd(tx, leadId);
      if (ended === "claimed" && lead.assignedAgentId) {
        const holder = tx.select().from(users).where(eq(users.id, lead.assignedAgentId)).get();
        const who =
          lead.assignedAgentId === actor.id ? "you" : holder ? fullName(holder) || holder.email : "another agent";
        throw new ConflictError(`This lead was already claimed by ${who}.`);
      }
      if (ended === "unclaimed" || (lead.claimUntil && !lead.assignedAgentId)) {
        throw new ConflictError("The time to claim this lead has passed: the admins have it.");
      }
      throw new NotFoundError(NOT_FOUND);
    }
    return assignLeadTo(tx, actor, lead, actor.id, "lead.claim", now);
  });
}

const NOT_FOUND = "Lead not found";

/** How many open offers a page lists at most (claims last minutes: a handful are open at once). */
const OFFERED_SHOWN = 20;

/**
 * The leads offered to this agent now, under first to claim (unassigned, the claim still open), soonest
 * to end first, and how many there are: by the partial index on claim_until. An agent not taking part in
 * routing, an admin, or no open claim: none.
 */
export function offeredLeads(db: DbOrTx, actor: Actor, now = new Date()) {
  if (actor.isAdmin || !routableAgents(db).some((a) => a.id === actor.id)) return { rows: [], total: 0 };
  // An open claim is an unassigned lead: every assignment ends it (team.server.ts `assignLeadTo`).
  const open = and(isNotNull(contactSubmissions.claimUntil), gt(contactSubmissions.claimUntil, now));
  const rows = db
    .select({
      id: contactSubmissions.id,
      firstName: contactSubmissions.firstName,
      lastName: contactSubmissions.lastName,
      createdAt: contactSubmissions.createdAt,
      claimUntil: contactSubmissions.claimUntil,
    })
    .from(contactSubmissions)
    .where(open)
    .orderBy(asc(contactSubmissions.claimUntil))
    .limit(OFFERED_SHOWN)
    .all();
  const total =
    rows.length < OFFERED_SHOWN ? rows.length : db.select({ n: count() }).from(contactSubmissions).where(open).get()!.n;
  return {
    rows: rows.map((r) => ({ ...r, name: `${r.firstName} ${r.lastName}`, claimUntil: r.claimUntil! })),
    total,
  };
}

/** How a lead's offer to the group ended, by its timeline (lead_events by (submission, created_at)). */
function claimEnd(db: DbOrTx, leadId: number): "claimed" | "unclaimed" | null {
  const row = db
    .select({ type: leadEvents.type })
    .from(leadEvents)
    .where(and(eq(leadEvents.contactSubmissionId, leadId), inArray(leadEvents.type, ["claimed", "unclaimed"])))
    .orderBy(desc(leadEvents.createdAt))
    .limit(1)
    .get();
  return (row?.type as "claimed" | "unclaimed" | undefined) ?? null;
}

/**
 * Leads whose claim time ran out unclaimed: the claim is closed (they stay the admins') and `onExpired`
 * tells the admins, in the same database transaction. At most `limit` a tick, by the partial index on
 * claim_until.
 */
export function expireClaims(
  db: Db,
  now: Date,
  onExpired: (tx: DbOrTx, lead: ContactSubmission, now: Date) => void,
  limit = 50,
) {
  const due = db
    .select({ id: contactSubmissions.id })
    .from(contactSubmissions)
    .where(and(isNotNull(contactSubmissions.claimUntil), lte(contactSubmissions.claimUntil, now)))
    .orderBy(asc(contactSubmissions.claimUntil))
    .limit(limit)
    .all();
  for (const { id } of due) {
    db.transaction((tx) => {
      const lead = tx
        .update(contactSubmissions)
        .set({ claimUntil: null })
        .where(
          and(
            eq(contactSubmissions.id, id),
            isNull(contactSubmissions.assignedAgentId),
            isNotNull(contactSubmissions.claimUntil),
            lte(contactSubmissions.claimUntil, now),
          ),
        )
        .returning()
        .get();
      if (!lead) return;
      tx.insert(leadEvents)
        .values({
          contactSubmissionId: lead.id,
          engagementId: lead.engagementId,
          type: "unclaimed",
          detail: "no agent claimed it in time: the admins have it",
          createdAt: now,
        })
        .run();
      onExpired(tx, lead, now);
    });
  }
  return due.length;
}

/**
 * The claim page of a lead offered to this agent now (unassigned, under first to claim, the agent taking
 * leads): its name and when it arrived, nothing more before they claim it. Any other lead, whoever holds it,
 * is "not found" like a missing one; the caller sends the lead's own holder and admins to its page.
 */
export function claimOffer(db: Db, actor: Actor, leadId: number, now = new Date()) {
  const lead = db.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId)).get();
  const offered =
    lead && !lead.assignedAgentId && lead.claimUntil !== null && lead.claimUntil > now
      ? routableAgents(db).some((a) => a.id === actor.id)
      : false;
  if (!lead || !offered) throw new NotFoundError(NOT_FOUND);
  return {
    id: lead.id,
    name: `${lead.firstName} ${lead.lastName}`,
    receivedAt: lead.createdAt,
    until: lead.claimUntil!,
  };
}

/**
 * The agent a new client who came by the site (a listing started online) goes to: the next in turn under
 * round robin, as a lead would; under first to claim, or with routing off or no agent taking leads, none
 * (the broker's, whom any admin acts for).
 */
export function agentForNewClient(tx: DbOrTx): User | null {
  const settings = routingSettings(tx);
  if (settings.mode !== "round_robin") return null;
  const agents = routableAgents(tx);
  if (agents.length === 0) return null;
  const last = settings.roundRobinLast
    ? tx.select().from(users).where(eq(users.id, settings.roundRobinLast)).get()
    : undefined;
  const agent = nextInTurn(agents, last)!;
  tx.update(agencySettings).set({ roundRobinLast: agent.id }).where(eq(agencySettings.id, 1)).run();
  return agent;
}
