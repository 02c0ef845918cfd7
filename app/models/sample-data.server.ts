/**
 * 'Create Test Transactions': sample data that shows an admin every state of
 * the tracker, built with the same model functions as real work. Admins only.
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { transactions } from "~/db/schema";
import type { TransactionType } from "~/domain/enums";
import { NotFoundError } from "~/lib/errors";
import { type Actor } from "~/models/actor.server";
import { initializeMilestones, listMilestones, updateMilestone } from "~/models/milestone.server";
import { createTransaction } from "~/models/transaction.server";
import { updateTransaction } from "~/models/transaction-edit.server";
import { getUserById, getUserByEmail } from "~/models/user.server";
import { assertAdmin } from "~/models/permissions.server";

type SamplePlan = {
  /** null: the asking admin, so the sample shows in their own portal. */
  client: { email: string; firstName: string; lastName: string } | null;
  type: TransactionType;
  address: string;
  value: number;
  /** null: no milestones yet (Initialize Milestones can be tried); else how many steps are done. */
  done: number | "all" | null;
};

export const SAMPLE_PLANS: readonly SamplePlan[] = [
  { client: null, type: "buying", address: "1450 Garnet Ave, San Diego, CA 92109 (sample)", value: 795000, done: 3 },
  { client: null, type: "selling", address: "912 Orange Ave, Coronado, CA 92118 (sample)", value: 1400000, done: 5 },
  {
    client: { email: "maria.lopez@example.com", firstName: "Maria", lastName: "Lopez" },
    type: "buying",
    address: "3021 Kettner Blvd, San Diego, CA 92101",
    value: 685000,
    done: null,
  },
  {
    client: { email: "james.chen@example.com", firstName: "James", lastName: "Chen" },
    type: "selling",
    address: "5587 La Jolla Blvd, La Jolla, CA 92037",
    value: 1850000,
    done: null,
  },
  {
    client: { email: "sofia.nguyen@example.com", firstName: "Sofia", lastName: "Nguyen" },
    type: "buying",
    address: "2140 Adams Ave, San Diego, CA 92116",
    value: 910000,
    done: "all",
  },
];

/**
 * Creates the samples: a part-way buying and selling transaction owned by the
 * asking admin, a buying and a selling one with no milestones yet, and a
 * completed one. A sample that exists already (same client and address) is
 * not added again. Returns how many transactions it created.
 */
/** Sample data sends no e-mail: the sample clients' addresses are not real. */
const quiet = { notify: false } as const;

export function createTestData(db: Db, actor: Actor): number {
  assertAdmin(actor);
  const admin = getUserById(db, actor.id);
  if (!admin) throw new NotFoundError("User not found");
  let created = 0;
  for (const plan of SAMPLE_PLANS) {
    const client = plan.client ?? {
      email: admin.email,
      firstName: admin.firstName ?? "",
      lastName: admin.lastName ?? "",
    };
    const owner = getUserByEmail(db, client.email);
    const exists =
      owner &&
      db
        .select({ id: transactions.id })
        .from(transactions)
        .where(and(eq(transactions.userId, owner.id), eq(transactions.propertyAddress, plan.address)))
        .get();
    if (exists) continue;
    const transaction = createTransaction(
      db,
      actor,
      {
        email: client.email,
        firstName: client.firstName || undefined,
        lastName: client.lastName || undefined,
        type: plan.type,
        propertyAddress: plan.address,
        homeValue: String(plan.value),
      },
      { notify: false },
    );
    created += 1;
    if (plan.done === null) continue;
    initializeMilestones(db, actor, transaction.id);
    const milestones = listMilestones(db, actor, transaction.id);
    const done = plan.done === "all" ? milestones.length : plan.done;
    for (const m of milestones.slice(0, done)) {
      updateMilestone(db, actor, { transactionId: transaction.id, milestoneId: m.id }, { status: "completed" }, quiet);
    }
    const next = milestones[done];
    if (next) {
      updateMilestone(
        db,
        actor,
        { transactionId: transaction.id, milestoneId: next.id },
        { status: "in_progress", adminNotes: "We are working on this step now." },
        quiet,
      );
    } else {
      updateTransaction(
        db,
        actor,
        transaction.id,
        {
          propertyAddress: plan.address,
          homeValue: String(plan.value),
          status: "completed",
          // Sample data has no documents to review: closed with this reason, as the history says.
          override: "Sample data: not a real file",
        },
        new Date(),
        { sample: true },
      );
    }
  }
  return created;
}
