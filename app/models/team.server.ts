/**
 * The team (docs/decisions/030-team.md): admins add staff by e-mail (the person gets the role when they
 * sign in with that address: the sign-in keeps a role it finds), change a role, pause or resume taking new
 * leads, deactivate and reactivate; and assign transactions and leads to agents (and collaborators to a
 * transaction). A deactivated person keeps what they owned, listed here for reassignment. Every change is
 * in the audit (`team.update`, `transaction.assign`, `lead.assign`).
 */
import { supersedeAgentsCdas, supersedeIfChanged } from "~/models/cda.server";
import { toPlanJson } from "~/models/commission.server";
import {
  agreementStateOf,
  brokerAgentAgreementState,
  latestBrokerAgentAgreements,
} from "~/models/broker-agent-agreement.server";
import { and, asc, count, eq, inArray, isNotNull, isNull, max } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import {
  agentRow,
  contactSubmissions,
  leadEvents,
  staffRow,
  transactionCollaborators,
  transactions,
  users,
  type User,
} from "~/db/schema";
import type { StaffRole } from "~/domain/enums";
import { ConflictError, InvalidInputError, NotFoundError } from "~/lib/errors";
import { todayIn } from "~/lib/plain-date";
import { actingRefusal, dreNoticesDue, licenseState } from "~/lib/roster-rules";
import { basisPointsOf, centsOfDollars } from "~/lib/money";
import { BROKER_DUTIES, type BrokerDuty } from "~/domain/enums";
import { actingRefusalOf, dutiesOf, licenseeOf } from "~/models/broker-duties.server";
import { fullName } from "~/lib/format";
import type { Assignment, NewStaff, StaffPatch } from "~/lib/team-schema";
import { TEAM_MESSAGES } from "~/lib/team-schema";
import { roleOf, type Actor } from "~/models/actor.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { collaboratorIds } from "~/models/transaction.server";
import { getUserByEmail, normalizeEmail } from "~/models/user.server";
import { assertAdmin } from "~/models/permissions.server";

const staffWhere = staffRow;

/** The team, in its order (round robin's), each with what is assigned to them. Admins only. */
export function listTeam(db: Db, actor: Actor) {
  assertAdmin(actor);
  const people = db.select().from(users).where(staffWhere).orderBy(asc(users.teamPosition), asc(users.email)).all();
  const owned = (column: typeof transactions.assignedAgentId | typeof contactSubmissions.assignedAgentId) =>
    new Map(
      db
        .select({ id: column, n: count() })
        .from(column === transactions.assignedAgentId ? transactions : contactSubmissions)
        .where(isNotNull(column))
        .groupBy(column)
        .all()
        .map((r) => [r.id!, r.n]),
    );
  const transactionsOwned = owned(transactions.assignedAgentId);
  const leadsOwned = owned(contactSubmissions.assignedAgentId);
  const ids = people.map((u) => u.id);
  const duties = dutiesOf(db, ids);
  const agreementsOf = latestBrokerAgentAgreements(db, ids);
  return people.map((u) =>
    memberOf(db, u, transactionsOwned.get(u.id) ?? 0, leadsOwned.get(u.id) ?? 0, duties.get(u.id) ?? [], () =>
      agreementStateOf(agreementsOf.get(u.id)),
    ),
  );
}

/**
 * A person of the team as the team page and the API show them: role, name, what is assigned to them, whether they
 * are the responsible broker, the broker's duties delegated to them, and whether they may act for the brokerage today.
 */
const memberOf = (
  db: DbOrTx,
  u: User,
  transactionCount: number,
  leadCount: number,
  duties: BrokerDuty[],
  agreement: () => ReturnType<typeof brokerAgentAgreementState> = () => brokerAgentAgreementState(db, u.id),
) => {
  const licensee = licenseeOf(db, u, duties);
  return {
    ...u,
    role: roleOf(u) as StaffRole,
    name: fullName(u) || u.email,
    transactions: transactionCount,
    leads: leadCount,
    isBroker: licensee.isBroker,
    duties: licensee.isBroker ? [...BROKER_DUTIES] : duties,
    /** Why they may not act for the brokerage today (app/lib/roster-rules.ts), or null. */
    acting: actingRefusal(licensee, todayIn(new Date())),
    /** Their broker–agent agreement (10 CCR 2726, app/models/broker-agent-agreement.server.ts), or null. */
    agreement: agreement(),
  };
};

/** One person of the team (the API's answer to adding or changing them), counted by the agent's indexes. */
export function teamMember(db: Db, actor: Actor, userId: string) {
  assertAdmin(actor);
  const u = db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), staffWhere))
    .get();
  if (!u) throw new NotFoundError("Not on the team");
  const assigned = (column: typeof transactions.assignedAgentId | typeof contactSubmissions.assignedAgentId) =>
    db
      .select({ n: count() })
      .from(column === transactions.assignedAgentId ? transactions : contactSubmissions)
      .where(eq(column, userId))
      .get()!.n;
  return memberOf(
    db,
    u,
    assigned(transactions.assignedAgentId),
    assigned(contactSubmissions.assignedAgentId),
    dutiesOf(db, [u.id]).get(u.id) ?? [],
  );
}

/** The agents a record may be assigned to (active ones), by name. */
export function assignableAgents(db: DbOrTx, now = new Date()) {
  const today = todayIn(now);
  return (
    db
      .select()
      .from(users)
      .where(and(agentRow, isNull(users.deactivatedAt)))
      .orderBy(asc(users.teamPosition), asc(users.email))
      .all()
      // One who may not act for the brokerage today is listed (choosing them says what is wrong: 409), marked.
      .map((u) => {
        const licensee = licenseeOf(db, u, []);
        const mark = !licensee.licenseNumber
          ? " (no DRE license)"
          : !licensee.licenseExpiresOn && !licensee.isBroker
            ? " (no license expiry)"
            : actingRefusal(licensee, today)
              ? " (license expired)"
              : "";
        return { id: u.id, name: `${fullName(u) || u.email}${mark}`, mayAct: mark === "" };
      })
  );
}

/** The agents of the lists' bulk assignment: for admins, once the team has agents (else null: no form). */
export function bulkAssignees(db: DbOrTx, actor: Actor) {
  if (!actor.isAdmin) return null;
  const agents = assignableAgents(db);
  return agents.length ? agents : null;
}

const nextPosition = (db: DbOrTx) =>
  (db
    .select({ n: max(users.teamPosition) })
    .from(users)
    .get()?.n ?? 0) + 1;

const roleFlags = (role: StaffRole) => ({ isAdmin: role === "admin", isAgent: role === "agent" });

/** Adds a person to the team (or makes an existing user staff). Admins only. */
export function addStaff(db: Db, actor: Actor, input: NewStaff, now = new Date()): User {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const existing = getUserByEmail(tx, input.email);
    if (existing && (existing.isAdmin || existing.isAgent) && !existing.deactivatedAt) {
      throw new ConflictError(`${existing.email} is already on the team.`);
    }
    const values = {
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone ?? existing?.phone ?? null,
      licenseNumber: input.licenseNumber ?? existing?.licenseNumber ?? null,
      licenseExpiresOn: input.licenseExpiresOn ?? existing?.licenseExpiresOn ?? null,
      licenseKind: input.licenseKind ?? existing?.licenseKind ?? (input.licenseNumber ? "salesperson" : null),
      // A hire (or a return): the DRE is told within 5 days (lib/roster-rules.ts), reminded until marked sent.
      joinedOn: input.joinedOn ?? todayIn(now),
      leftOn: null,
      dreHireNoticeOn: null,
      dreLeaveNoticeOn: null,
      ...roleFlags(input.role),
      takesLeads: true,
      deactivatedAt: null,
      teamPosition: existing?.teamPosition ?? nextPosition(tx),
      updatedAt: now,
    };
    const user = existing
      ? tx.update(users).set(values).where(eq(users.id, existing.id)).returning().get()!
      : tx
          .insert(users)
          .values({ email: normalizeEmail(input.email), ...values, createdAt: now })
          .returning()
          .get();
    recordAudit(tx, actor, {
      action: "team.update",
      subject: { type: "user", id: user.id },
      changes: { added: { before: existing ? roleOf(existing) : null, after: input.role }, email: user.email },
      at: now,
    });
    return user;
  });
}

/**
 * Changes a staff member: role, taking leads, active, license and its expiry, phone, names, the days they joined and
 * left, the DRE notices marked sent. A deactivation is a departure (left today unless given), a reactivation a new
 * hire. Admins only.
 */
export function updateStaff(db: Db, actor: Actor, userId: string, patch: StaffPatch, now = new Date()): User {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const user = tx.select().from(users).where(eq(users.id, userId)).get();
    if (!user || !(user.isAdmin || user.isAgent)) throw new NotFoundError("Not on the team");
    if (user.id === actor.id && (patch.role === "agent" || patch.active === false)) {
      throw new ConflictError("You cannot take away your own admin role or deactivate yourself: ask another admin.");
    }
    const role = patch.role ?? (user.isAdmin ? "admin" : "agent");
    const license = patch.licenseNumber === undefined ? user.licenseNumber : patch.licenseNumber;
    const takesLeads = patch.takesLeads ?? user.takesLeads;
    if (role === "agent" && takesLeads && !license && patch.active !== false) {
      throw new InvalidInputError(TEAM_MESSAGES.licenseNeeded, { licenseNumber: [TEAM_MESSAGES.licenseNeeded] });
    }
    const today = todayIn(now);
    const leaving = patch.active === false && !user.deactivatedAt;
    const returning = patch.active === true && user.deactivatedAt !== null;
    const next = {
      ...(patch.role ? roleFlags(patch.role) : {}),
      ...(patch.licenseExpiresOn === undefined ? {} : { licenseExpiresOn: patch.licenseExpiresOn }),
      ...(patch.licenseKind === undefined ? {} : { licenseKind: patch.licenseKind }),
      ...(patch.joinedOn === undefined ? {} : { joinedOn: patch.joinedOn }),
      ...(patch.leftOn === undefined ? {} : { leftOn: patch.leftOn }),
      // A departure (the DRE told within 10 days) and a return (a new hire: within 5 days).
      ...(leaving ? { leftOn: patch.leftOn ?? user.leftOn ?? today, dreLeaveNoticeOn: null } : {}),
      ...(returning
        ? { joinedOn: patch.joinedOn ?? today, leftOn: null, dreHireNoticeOn: null, dreLeaveNoticeOn: null }
        : {}),
      ...(patch.dreNoticeSent === "hire" ? { dreHireNoticeOn: today } : {}),
      ...(patch.dreNoticeSent === "leave" ? { dreLeaveNoticeOn: today } : {}),
      ...(patch.takesLeads === undefined ? {} : { takesLeads: patch.takesLeads }),
      ...(patch.licenseNumber === undefined ? {} : { licenseNumber: patch.licenseNumber }),
      ...(patch.phone === undefined ? {} : { phone: patch.phone }),
      ...(patch.firstName === undefined ? {} : { firstName: patch.firstName }),
      ...(patch.lastName === undefined ? {} : { lastName: patch.lastName }),
      ...(patch.active === undefined ? {} : { deactivatedAt: patch.active ? null : (user.deactivatedAt ?? now) }),
      // The commission plan: in basis points and cents; a payout already made keeps its own figures.
      ...(patch.plan === undefined
        ? {}
        : patch.plan === null
          ? { planAgentBp: null, planCapCents: null, planFeeCents: null, planAnniversaryOn: null }
          : {
              planAgentBp: basisPointsOf(patch.plan.agentPercent),
              planCapCents: patch.plan.annualCap === null ? null : centsOfDollars(patch.plan.annualCap),
              planFeeCents: centsOfDollars(patch.plan.transactionFee),
              planAnniversaryOn: patch.plan.anniversaryOn,
            }),
    };
    const changes = changesOf(user as unknown as Record<string, unknown>, next);
    const updated = tx
      .update(users)
      .set({ ...next, updatedAt: now })
      .where(eq(users.id, userId))
      .returning()
      .get()!;
    if (changes) {
      recordAudit(tx, actor, { action: "team.update", subject: { type: "user", id: userId }, changes, at: now });
    }
    if (changes && patch.plan !== undefined) supersedeAgentsCdas(tx, actor, userId, now);
    return updated;
  });
}

/**
 * An active agent who may act for the brokerage today (app/lib/roster-rules.ts `mayActForBrokerage`): else a 400
 * naming the field, or a 409 naming what is missing of their license (a first contact must carry the agent's
 * license number: 10 CCR §2773; one whose license has expired, or whose expiry is unknown, may not act).
 */
function agentOrRefuse(db: DbOrTx, id: string, field: string, now = new Date()): User {
  const agent = db.select().from(users).where(eq(users.id, id)).get();
  if (!agent || !agent.isAgent || agent.deactivatedAt) {
    throw new InvalidInputError("Choose an active agent of the team", {
      [field]: ["Choose an active agent of the team"],
    });
  }
  const refusal = actingRefusalOf(db, agent, now);
  if (refusal) {
    throw new ConflictError(`${refusal}, so they may not be assigned leads or clients: update the team page first.`);
  }
  return agent;
}

/** A staff member's name for the audit's readers (null: nobody, the admins'). */
function nameOf(db: DbOrTx, id: string | null) {
  if (!id) return null;
  const u = db.select().from(users).where(eq(users.id, id)).get();
  return u ? fullName(u) || u.email : id;
}

/** Assigns a transaction to an agent (null: the admins'), with its collaborators when given. Admins only. */
export function assignTransaction(
  db: DbOrTx,
  actor: Actor,
  transactionId: number,
  input: Assignment,
  now = new Date(),
) {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const transaction = tx.select().from(transactions).where(eq(transactions.id, transactionId)).get();
    if (!transaction) throw new NotFoundError("Transaction not found");
    if (input.assignedAgentId) agentOrRefuse(tx, input.assignedAgentId, "assignedAgentId", now);
    const before = collaboratorIds(tx, transactionId);
    const collaborators =
      input.collaboratorIds === undefined
        ? before
        : [...new Set(input.collaboratorIds)].filter((id) => id !== input.assignedAgentId);
    for (const id of input.collaboratorIds ?? []) agentOrRefuse(tx, id, "collaboratorIds", now);
    tx.update(transactions)
      .set({ assignedAgentId: input.assignedAgentId, updatedAt: now })
      .where(eq(transactions.id, transactionId))
      .run();
    if (input.collaboratorIds !== undefined) {
      tx.delete(transactionCollaborators).where(eq(transactionCollaborators.transactionId, transactionId)).run();
      for (const userId of collaborators) tx.insert(transactionCollaborators).values({ transactionId, userId }).run();
    }
    const changes = {
      ...(transaction.assignedAgentId !== input.assignedAgentId
        ? {
            assignedAgentId: { before: transaction.assignedAgentId, after: input.assignedAgentId },
            agent: { before: nameOf(tx, transaction.assignedAgentId), after: nameOf(tx, input.assignedAgentId) },
          }
        : {}),
      ...(input.collaboratorIds !== undefined && before.join() !== collaborators.join()
        ? {
            collaboratorIds: { before, after: collaborators },
            collaborators: {
              before: before.map((id) => nameOf(tx, id)),
              after: collaborators.map((id) => nameOf(tx, id)),
            },
          }
        : {}),
    };
    if (Object.keys(changes).length) {
      recordAudit(tx, actor, {
        action: "transaction.assign",
        subject: { type: "transaction", id: transactionId },
        transactionId,
        changes,
        at: now,
      });
    }
    if (transaction.assignedAgentId !== input.assignedAgentId) {
      supersedeIfChanged(tx, actor, transactionId, "the transaction's agent changed", now);
    }
    return { assignedAgentId: input.assignedAgentId, collaboratorIds: collaborators };
  });
}

/**
 * Assigns a lead to an agent (null: the admins'), closing any claim still open. Admins only; `system`
 * assignments (routing) go through `assignLeadTo`.
 */
export function assignLead(db: Db, actor: Actor, leadId: number, agentId: string | null, now = new Date()) {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const lead = tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, leadId)).get();
    if (!lead) throw new NotFoundError("Lead not found");
    if (agentId) agentOrRefuse(tx, agentId, "assignedAgentId");
    if (lead.assignedAgentId === agentId && !lead.claimUntil) return lead;
    return assignLeadTo(tx, actor, lead, agentId, "lead.assign", now);
  });
}

/** Stores a lead's assignment with its timeline entry and audit event (inside the caller's transaction). */
export function assignLeadTo(
  tx: DbOrTx,
  actor: Actor | null,
  lead: { id: number; engagementId: number | null; assignedAgentId: string | null },
  agentId: string | null,
  action: "lead.assign" | "lead.claim",
  now: Date,
) {
  const updated = tx
    .update(contactSubmissions)
    .set({ assignedAgentId: agentId, assignedAt: agentId ? now : null, claimUntil: null })
    .where(eq(contactSubmissions.id, lead.id))
    .returning()
    .get()!;
  const agent = agentId ? tx.select().from(users).where(eq(users.id, agentId)).get() : undefined;
  tx.insert(leadEvents)
    .values({
      contactSubmissionId: lead.id,
      engagementId: lead.engagementId,
      type: action === "lead.claim" ? "claimed" : "assigned",
      detail: agent ? `to ${fullName(agent) || agent.email}` : "to the admins",
      actorId: actor?.id ?? null,
      createdAt: now,
    })
    .run();
  recordAudit(tx, actor, {
    action,
    subject: { type: "lead", id: lead.id },
    changes: {
      assignedAgentId: { before: lead.assignedAgentId, after: agentId },
      agent: { before: nameOf(tx, lead.assignedAgentId), after: nameOf(tx, agentId) },
    },
    at: now,
  });
  return updated;
}

/** Assigns several transactions or leads to one agent (the lists' bulk form). Admins only. */
export function assignMany(
  db: Db,
  actor: Actor,
  kind: "transactions" | "leads",
  ids: number[],
  agentId: string | null,
) {
  assertAdmin(actor);
  let done = 0;
  for (const id of ids) {
    if (kind === "transactions") assignTransaction(db, actor, id, { assignedAgentId: agentId });
    else assignLead(db, actor, id, agentId);
    done += 1;
  }
  return done;
}

/** What a person (a deactivated one, typically) still has assigned: to list for reassignment. */
export function ownedBy(db: Db, actor: Actor, userIds: string[]) {
  assertAdmin(actor);
  if (userIds.length === 0) return { transactions: [], leads: [] };
  return {
    transactions: db
      .select({
        id: transactions.id,
        propertyAddress: transactions.propertyAddress,
        agentId: transactions.assignedAgentId,
      })
      .from(transactions)
      .where(inArray(transactions.assignedAgentId, userIds))
      .limit(200)
      .all(),
    leads: db
      .select({
        id: contactSubmissions.id,
        firstName: contactSubmissions.firstName,
        lastName: contactSubmissions.lastName,
        agentId: contactSubmissions.assignedAgentId,
      })
      .from(contactSubmissions)
      .where(inArray(contactSubmissions.assignedAgentId, userIds))
      .limit(200)
      .all(),
  };
}

/** A team member as the API gives it (`GET /api/team`). */
export function toStaffJson(p: ReturnType<typeof memberOf>) {
  return {
    id: p.id,
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    name: p.name,
    role: p.role,
    phone: p.phone,
    licenseNumber: p.licenseNumber,
    licenseExpiresOn: p.licenseExpiresOn,
    license: licenseState(p.licenseExpiresOn, todayIn(new Date())).state,
    licenseKind: p.licenseKind,
    isBroker: p.isBroker,
    duties: p.duties,
    mayActForBrokerage: p.acting === null,
    joinedOn: p.joinedOn,
    leftOn: p.leftOn,
    dreNotices: dreNoticesDue(p, todayIn(new Date())),
    takesLeads: p.takesLeads,
    active: !p.deactivatedAt,
    deactivatedAt: p.deactivatedAt?.toISOString() ?? null,
    assigned: { transactions: p.transactions, leads: p.leads },
    agreement: p.agreement ? { status: p.agreement.status, signedAt: p.agreement.signedAt } : null,
    plan: toPlanJson(p),
  };
}
