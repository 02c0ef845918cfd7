/**
 * The versions of the texts the law writes (app/lib/legal-texts.ts): the agency disclosure of Civil Code §2079.16
 * and the notices of Bus. & Prof. Code §10147.5. The newest of a kind is what a signer reads and an agreement is
 * prepared with; the broker (an admin) saves the next when the law changes, with its source; the first is seeded at
 * start. A new version of the agency disclosure is asked for at each signer's next agreement.
 */
import { desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { legalTexts, type LegalText } from "~/db/schema";
import { LEGAL_TEXT_KINDS, type LegalTextKind } from "~/domain/enums";
import { InvalidInputError } from "~/lib/errors";
import { legalTextErrors, SEEDED_LEGAL_TEXTS } from "~/lib/legal-texts";
import { type Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { assertAdmin } from "~/models/permissions.server";

const newest = (db: DbOrTx, kind: LegalTextKind) =>
  db.select().from(legalTexts).where(eq(legalTexts.kind, kind)).orderBy(desc(legalTexts.version)).limit(1).get();

/** The newest version of a kind (by the index (kind, version)), seeded first if there is none yet. */
export function currentLegalText(db: DbOrTx, kind: LegalTextKind): LegalText {
  return newest(db, kind) ?? seedLegalText(db, kind);
}

/** One version by its id (an acknowledgment's). */
export const legalTextById = (db: DbOrTx, id: number) =>
  db.select().from(legalTexts).where(eq(legalTexts.id, id)).get();

/** Every version of a kind, newest first (the admin's history). */
export const legalTextVersions = (db: DbOrTx, kind: LegalTextKind) =>
  db.select().from(legalTexts).where(eq(legalTexts.kind, kind)).orderBy(desc(legalTexts.version)).all();

function seedLegalText(db: DbOrTx, kind: LegalTextKind): LegalText {
  db.insert(legalTexts)
    .values({ kind, version: 1, ...SEEDED_LEGAL_TEXTS[kind] })
    .onConflictDoNothing({ target: [legalTexts.kind, legalTexts.version] })
    .run();
  return newest(db, kind)!;
}

/** Each kind's first version (at start: app/infra/startup.server.ts). */
export function seedLegalTexts(db: DbOrTx): void {
  for (const kind of LEGAL_TEXT_KINDS) currentLegalText(db, kind);
}

/** An admin saves the next version of a text, with its source (the statute, its address, the day it was read). */
export function saveLegalText(
  db: Db,
  actor: Actor,
  input: { kind: LegalTextKind; body: string; source: string },
  now = new Date(),
): LegalText {
  assertAdmin(actor);
  const body = input.body.trim().replace(/\r\n/g, "\n");
  const errors = legalTextErrors(input.kind, body);
  if (errors.length) throw new InvalidInputError(errors[0]!, { body: errors });
  if (!input.source.trim()) {
    throw new InvalidInputError("Name the source: the statute, its address and the day you read it", {
      source: ["Name the source: the statute, its address and the day you read it"],
    });
  }
  return db.transaction((tx) => {
    const latest = currentLegalText(tx, input.kind);
    if (latest.body === body && latest.source === input.source.trim()) return latest;
    const row = tx
      .insert(legalTexts)
      .values({
        kind: input.kind,
        version: latest.version + 1,
        body,
        source: input.source.trim(),
        createdBy: actor.id,
        createdAt: now,
      })
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: "legal_text.save",
      subject: { type: "legal_text", id: row.id },
      changes: { kind: row.kind, version: row.version },
      at: now,
    });
    return row;
  });
}
