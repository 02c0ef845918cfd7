/**
 * The audit's one write (docs/decisions/030-team.md; 10 CCR §2725, B&P §10148): `recordAudit` writes one
 * row of `audit_events`, in the database transaction of the change it records (so a change and its record
 * are stored together or not at all), never updated, replaced or deleted (triggers refuse: migrations 0013
 * and 0014). The request's address comes from `requestContext`, which the server sets around each request
 * (app/entry.server.tsx `serverHooks.withRequest`), so models need not be handed it. Every model that
 * changes something calls it; it imports only the database below it, so no model is drawn into a circle.
 * The access-checked reads are in audit.server.ts.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { auditEvents, users } from "~/db/schema";
import type { AuditRole } from "~/domain/enums";
import { fullName } from "~/lib/format";
import { roleOf, type Actor } from "~/models/actor.server";

/** The request being answered: its client's address (the audit's `ip`) and browser (an agreement's signer's). */
export const requestContext = new AsyncLocalStorage<{ ip: string | null; browser?: string | null }>();

/** The address and browser of the request being answered (null outside one: a job, a test). */
export const requestClient = () => {
  const store = requestContext.getStore();
  return { ip: store?.ip ?? null, browser: store?.browser ?? null };
};

export type AuditInput = {
  action: string;
  subject: { type: string; id: string | number | null };
  transactionId?: number | null;
  /** The fields changed, each { before, after }; or what a read or an export was. */
  changes?: Record<string, unknown> | null;
  at?: Date;
};

/** The person acting, as the audit keeps them: their id, name and role at that moment. */
function whoOf(db: DbOrTx, actor: Actor | null): { actorId: string | null; actorName: string; actorRole: AuditRole } {
  if (!actor) return { actorId: null, actorName: "Automatic", actorRole: "system" };
  const user = db.select().from(users).where(eq(users.id, actor.id)).get();
  return {
    actorId: actor.id,
    actorName: user ? fullName(user) || user.email : actor.id,
    actorRole: roleOf(user ?? actor),
  };
}

/** Writes one audit event (inside the caller's database transaction). `actor` null: the system. */
export function recordAudit(db: DbOrTx, actor: Actor | null, input: AuditInput): void {
  db.insert(auditEvents)
    .values({
      ...whoOf(db, actor),
      action: input.action,
      subjectType: input.subject.type,
      subjectId: input.subject.id === null ? null : String(input.subject.id),
      transactionId: input.transactionId ?? null,
      at: input.at ?? new Date(),
      ip: requestContext.getStore()?.ip ?? null,
      changes: input.changes ?? null,
    })
    .run();
}

/** The fields of `after` whose values differ from `before`, each { before, after }; null when none did. */
export function changesOf<T extends Record<string, unknown>>(before: T, after: Partial<T>) {
  const changed: Record<string, { before: unknown; after: unknown }> = {};
  for (const [key, value] of Object.entries(after)) {
    const was = before[key];
    const same =
      was instanceof Date && value instanceof Date ? was.getTime() === value.getTime() : Object.is(was, value);
    if (value !== undefined && !same) changed[key] = { before: was ?? null, after: value ?? null };
  }
  return Object.keys(changed).length ? changed : null;
}
