/**
 * Transactions and their milestones, read side: a client sees only their own;
 * admins see all. Another client's record is "not found" (no existence leak).
 */
import { and, asc, count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import {
  contactSubmissions,
  transactionMilestones,
  transactions,
  users,
  type Milestone,
  type Transaction,
  type User,
} from "~/db/schema";
import type { EditTransaction, MilestoneUpdate, NewTransaction } from "~/lib/admin-schemas";
import type { TransactionType } from "~/lib/enums";
import { tierFor } from "~/lib/pricing";
import { currentStepOf } from "~/lib/progress";
import { normalizeEmail } from "~/models/user.server";
import { ForbiddenError, NotFoundError } from "~/lib/errors";
import { MILESTONE_TEMPLATES } from "~/lib/milestone-templates";

type Actor = Pick<User, "id" | "isAdmin">;

/** The actor's transactions; every transaction for admins. */
export function listTransactions(db: Db, actor: Actor): Transaction[] {
  const query = db.select().from(transactions);
  return (actor.isAdmin ? query : query.where(eq(transactions.userId, actor.id)))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .all();
}

/** The portal's transaction: the actor's own first active one. */
export function firstActiveTransaction(db: Db, actor: Actor): Transaction | undefined {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.userId, actor.id), eq(transactions.status, "active")))
    .orderBy(asc(transactions.createdAt), asc(transactions.id))
    .get();
}

/** A transaction the actor may read (owner or admin), else NotFoundError. */
export function getTransaction(db: Db, actor: Actor, id: number): Transaction {
  const row = db.select().from(transactions).where(eq(transactions.id, id)).get();
  if (!row || (!actor.isAdmin && row.userId !== actor.id)) throw new NotFoundError("Transaction not found");
  return row;
}

/** The milestones of a transaction the actor may read, by step. */
export function listMilestones(db: Db, actor: Actor, transactionId: number): Milestone[] {
  getTransaction(db, actor, transactionId);
  return db
    .select()
    .from(transactionMilestones)
    .where(eq(transactionMilestones.transactionId, transactionId))
    .orderBy(asc(transactionMilestones.stepNumber))
    .all();
}

export function toTransactionJson(t: Transaction) {
  return {
    ...t,
    homeValue: t.homeValue === null ? null : String(t.homeValue),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export function toMilestoneJson(m: Milestone) {
  return {
    id: m.id,
    stepNumber: m.stepNumber,
    title: m.title,
    description: m.description,
    status: m.status,
    adminNotes: m.adminNotes,
    documentUrl: m.documentUrl,
    completedAt: m.completedAt ? m.completedAt.toISOString() : null,
  };
}

/**
 * Creates the standard milestones of the transaction's type, once. Admins only.
 * Returns how many were created: 0 when the transaction already has milestones.
 */
export function initializeMilestones(db: Db, actor: Actor, transactionId: number): number {
  if (!actor.isAdmin) throw new ForbiddenError();
  return db.transaction((tx) => {
    const transaction = tx.select().from(transactions).where(eq(transactions.id, transactionId)).get();
    if (!transaction) throw new NotFoundError("Transaction not found");
    const existing = tx
      .select({ id: transactionMilestones.id })
      .from(transactionMilestones)
      .where(eq(transactionMilestones.transactionId, transactionId))
      .get();
    if (existing) return 0;
    const templates = MILESTONE_TEMPLATES[transaction.type];
    tx.insert(transactionMilestones)
      .values(templates.map((t, i) => ({ transactionId, stepNumber: i + 1, title: t.title, description: t.description })))
      .run();
    tx.update(transactions).set({ currentStep: 1, updatedAt: new Date() }).where(eq(transactions.id, transactionId)).run();
    return templates.length;
  });
}

function assertAdmin(actor: Actor) {
  if (!actor.isAdmin) throw new ForbiddenError();
}

/** The dashboard's four cards, counted in SQL. Admins only. */
export function adminSummary(db: Db, actor: Actor) {
  assertAdmin(actor);
  const row = db
    .select({
      total: count(),
      activeBuyers: sql<number>`coalesce(sum(case when ${transactions.status} = 'active' and ${transactions.type} = 'buying' then 1 else 0 end), 0)`,
      activeSellers: sql<number>`coalesce(sum(case when ${transactions.status} = 'active' and ${transactions.type} = 'selling' then 1 else 0 end), 0)`,
    })
    .from(transactions)
    .get()!;
  const submissions = db.select({ n: count() }).from(contactSubmissions).get()!.n;
  return { totalTransactions: row.total, activeBuyers: row.activeBuyers, activeSellers: row.activeSellers, contactSubmissions: submissions };
}

export const ADMIN_PAGE_SIZE = 50;

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Transactions for the dashboard table, newest first, 50 a page: a
 * case-insensitive substring of the property address, the client's user id,
 * name or e-mail, and an optional type. Admins only.
 */
export function searchTransactions(
  db: Db,
  actor: Actor,
  options: { q?: string; type?: TransactionType; page?: number } = {},
) {
  assertAdmin(actor);
  const conditions: SQL[] = [];
  const q = options.q?.trim().toLowerCase();
  if (q) {
    const pattern = `%${likeEscape(q)}%`;
    const like = (column: SQL) => sql`lower(${column}) like ${pattern} escape '\\'`;
    conditions.push(
      or(
        like(sql`coalesce(${transactions.propertyAddress}, '')`),
        like(sql`${transactions.userId}`),
        like(sql`${users.email}`),
        like(sql`coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')`),
      )!,
    );
  }
  if (options.type) conditions.push(eq(transactions.type, options.type));
  const where = conditions.length ? and(...conditions) : undefined;
  const page = Math.max(1, Math.floor(options.page ?? 1));

  const total = db
    .select({ n: count() })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(where)
    .get()!.n;
  const rows = db
    .select({
      id: transactions.id,
      userId: transactions.userId,
      type: transactions.type,
      propertyAddress: transactions.propertyAddress,
      homeValue: transactions.homeValue,
      status: transactions.status,
      currentStep: transactions.currentStep,
      createdAt: transactions.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      milestonesTotal: sql<number>`(select count(*) from ${transactionMilestones} m where m.transaction_id = ${transactions.id})`,
      milestonesCompleted: sql<number>`(select count(*) from ${transactionMilestones} m where m.transaction_id = ${transactions.id} and m.status = 'completed')`,
    })
    .from(transactions)
    .innerJoin(users, eq(users.id, transactions.userId))
    .where(where)
    .orderBy(desc(transactions.createdAt), desc(transactions.id))
    .limit(ADMIN_PAGE_SIZE)
    .offset((page - 1) * ADMIN_PAGE_SIZE)
    .all();
  return { rows, total, page, pageCount: Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE)) };
}

/** The client a transaction is opened for: found by e-mail, or created to be claimed at first sign-in. */
function findOrCreateClient(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], input: NewTransaction) {
  const email = normalizeEmail(input.email);
  const existing = tx.select().from(users).where(eq(users.email, email)).get();
  if (existing) {
    const names = {
      ...(existing.firstName ? {} : input.firstName ? { firstName: input.firstName } : {}),
      ...(existing.lastName ? {} : input.lastName ? { lastName: input.lastName } : {}),
    };
    if (Object.keys(names).length) tx.update(users).set({ ...names, updatedAt: new Date() }).where(eq(users.id, existing.id)).run();
    return existing;
  }
  return tx
    .insert(users)
    .values({ email, firstName: input.firstName ?? null, lastName: input.lastName ?? null })
    .returning()
    .get();
}

/** Opens a transaction for a client by e-mail. Admins only. */
export function createTransaction(db: Db, actor: Actor, input: NewTransaction): Transaction {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const client = findOrCreateClient(tx, input);
    const value = Number(input.homeValue);
    return tx
      .insert(transactions)
      .values({
        userId: client.id,
        type: input.type,
        propertyAddress: input.propertyAddress,
        homeValue: value,
        tier: input.tier ?? tierFor(value).tier,
      })
      .returning()
      .get();
  });
}

/** Changes a transaction's address, value and status. Admins only. */
export function updateTransaction(db: Db, actor: Actor, id: number, input: EditTransaction): Transaction {
  assertAdmin(actor);
  const row = db
    .update(transactions)
    .set({
      propertyAddress: input.propertyAddress,
      homeValue: Number(input.homeValue),
      status: input.status,
      updatedAt: new Date(),
    })
    .where(eq(transactions.id, id))
    .returning()
    .get();
  if (!row) throw new NotFoundError("Transaction not found");
  return row;
}

/**
 * Updates one milestone (admins only). Completed sets the completion date
 * (kept if it was already completed); any other status clears it. Notes and
 * the document URL change only when given (non-empty). The transaction's
 * currentStep then follows: the first milestone not completed.
 */
export function updateMilestone(db: Db, actor: Actor, id: number, input: MilestoneUpdate): Milestone {
  assertAdmin(actor);
  return db.transaction((tx) => {
    const current = tx.select().from(transactionMilestones).where(eq(transactionMilestones.id, id)).get();
    if (!current) throw new NotFoundError("Milestone not found");
    const completedAt =
      input.status === "completed" ? (current.status === "completed" && current.completedAt ? current.completedAt : new Date()) : null;
    const updated = tx
      .update(transactionMilestones)
      .set({
        status: input.status,
        completedAt,
        ...(input.adminNotes !== undefined ? { adminNotes: input.adminNotes } : {}),
        ...(input.documentUrl !== undefined ? { documentUrl: input.documentUrl } : {}),
        updatedAt: new Date(),
      })
      .where(eq(transactionMilestones.id, id))
      .returning()
      .get();
    const transaction = tx.select().from(transactions).where(eq(transactions.id, current.transactionId)).get()!;
    const siblings = tx
      .select({ stepNumber: transactionMilestones.stepNumber, status: transactionMilestones.status })
      .from(transactionMilestones)
      .where(eq(transactionMilestones.transactionId, current.transactionId))
      .all();
    tx.update(transactions)
      .set({ currentStep: currentStepOf(siblings, transaction.type), updatedAt: new Date() })
      .where(eq(transactions.id, transaction.id))
      .run();
    return updated;
  });
}

export const SAMPLE_CLIENTS = [
  { email: "maria.lopez@example.com", firstName: "Maria", lastName: "Lopez", type: "buying", address: "3021 Kettner Blvd, San Diego, CA 92101", value: 685000, done: 4 },
  { email: "james.chen@example.com", firstName: "James", lastName: "Chen", type: "selling", address: "5587 La Jolla Blvd, La Jolla, CA 92037", value: 1850000, done: 7 },
] as const;

const SAMPLE_OWN = [
  { type: "buying", address: "1450 Garnet Ave, San Diego, CA 92109 (sample)", value: 795000, done: 3 },
  { type: "selling", address: "912 Orange Ave, Coronado, CA 92118 (sample)", value: 1400000, done: 5 },
] as const;

/**
 * Sample transactions: a buying and a selling one owned by the admin who asks
 * (so they show in their own portal) and one for each of two sample clients,
 * with milestones part-way done. Calling it again adds nothing twice.
 * Returns how many transactions it created. Admins only.
 */
export function createTestData(db: Db, actor: Actor): number {
  assertAdmin(actor);
  const plans = [
    ...SAMPLE_OWN.map((p) => ({ ...p, userId: actor.id })),
    ...SAMPLE_CLIENTS.map((c) => {
      const existing = db.select().from(users).where(eq(users.email, c.email)).get();
      const user =
        existing ?? db.insert(users).values({ email: c.email, firstName: c.firstName, lastName: c.lastName }).returning().get();
      return { type: c.type, address: c.address, value: c.value, done: c.done, userId: user.id };
    }),
  ];
  let created = 0;
  for (const plan of plans) {
    const exists = db
      .select({ id: transactions.id })
      .from(transactions)
      .where(and(eq(transactions.userId, plan.userId), eq(transactions.propertyAddress, plan.address)))
      .get();
    if (exists) continue;
    const transaction = db
      .insert(transactions)
      .values({ userId: plan.userId, type: plan.type, propertyAddress: plan.address, homeValue: plan.value, tier: tierFor(plan.value).tier })
      .returning()
      .get();
    initializeMilestones(db, actor, transaction.id);
    const milestones = listMilestones(db, actor, transaction.id);
    for (const m of milestones.slice(0, plan.done)) updateMilestone(db, actor, m.id, { status: "completed" });
    const next = milestones[plan.done];
    if (next) updateMilestone(db, actor, next.id, { status: "in_progress", adminNotes: "We are working on this step now." });
    created += 1;
  }
  return created;
}
