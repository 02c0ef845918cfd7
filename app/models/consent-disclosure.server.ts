/**
 * The versions of the E-SIGN consumer disclosure (app/lib/esign-disclosure.ts): the newest is what a signer reads
 * and consents to, and their consent keeps its version; an admin saves the next version on /admin/agreements; the
 * first is seeded at start with the office's details.
 */
import { desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { consentDisclosures, type ConsentDisclosure } from "~/db/schema";
import { env } from "~/config/env.server";
import { disclosureErrors, seededDisclosure } from "~/lib/esign-disclosure";
import { InvalidInputError } from "~/lib/errors";
import { type Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { assertAdmin } from "~/models/permissions.server";

/** The newest version (by its unique index), made from the seed if there is none yet. */
export function currentDisclosure(db: DbOrTx): ConsentDisclosure {
  return (
    db.select().from(consentDisclosures).orderBy(desc(consentDisclosures.version)).limit(1).get() ?? seedDisclosure(db)
  );
}

/** One version by its id (a consent's). */
export const disclosureById = (db: DbOrTx, id: number) =>
  db.select().from(consentDisclosures).where(eq(consentDisclosures.id, id)).get();

/**
 * The first version, with the office's details (at start: app/infra/startup.server.ts); and the next one when the
 * newest is an earlier seeded text nobody edited (`created_by` null) that the seed has since changed (how
 * to save and print a copy).
 */
export function seedDisclosure(db: DbOrTx): ConsentDisclosure {
  const { site } = env();
  const body = seededDisclosure(site);
  const latest = db.select().from(consentDisclosures).orderBy(desc(consentDisclosures.version)).limit(1).get();
  if (!latest || (latest.createdBy === null && latest.body !== body)) {
    db.insert(consentDisclosures)
      .values({ version: (latest?.version ?? 0) + 1, body })
      .onConflictDoNothing({ target: consentDisclosures.version })
      .run();
  }
  return db.select().from(consentDisclosures).orderBy(desc(consentDisclosures.version)).limit(1).get()!;
}

/** An admin saves the next version; every topic E-SIGN asks for must stay. */
export function saveDisclosure(db: Db, actor: Actor, body: string, now = new Date()): ConsentDisclosure {
  assertAdmin(actor);
  const errors = disclosureErrors(body);
  if (errors.length) throw new InvalidInputError(errors[0]!, { body: errors });
  return db.transaction((tx) => {
    const latest = currentDisclosure(tx);
    if (latest.body === body.trim()) return latest;
    const row = tx
      .insert(consentDisclosures)
      .values({ version: latest.version + 1, body: body.trim(), createdBy: actor.id, createdAt: now })
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: "consent_disclosure.save",
      subject: { type: "consent_disclosure", id: row.id },
      changes: { version: row.version },
      at: now,
    });
    return row;
  });
}
