/**
 * The brokerage's agreement templates (docs/agreements.md): the newest version of each kind, its history, a
 * new version saved by an admin (an agreement keeps the version it was made from), and the seeded first
 * versions are seeded at start (`seedTemplates`).
 */
import { desc, eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { agreementTemplates, type AgreementTemplate } from "~/db/schema";
import { TEMPLATE_KINDS, type TemplateKind } from "~/domain/enums";
import { SEEDED_TEMPLATES, templateErrors } from "~/lib/agreement-template";
import { InvalidInputError } from "~/lib/errors";
import { type Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";
import { assertAdmin, assertStaff } from "~/models/permissions.server";

/** The newest version of a kind (by the index (kind, version)). */
export const latestTemplate = (db: DbOrTx, kind: TemplateKind): AgreementTemplate | undefined =>
  db
    .select()
    .from(agreementTemplates)
    .where(eq(agreementTemplates.kind, kind))
    .orderBy(desc(agreementTemplates.version))
    .limit(1)
    .get();

/** The templates staff prepare agreements from: the newest version of each kind. */
export function listTemplates(db: Db, actor: Actor): AgreementTemplate[] {
  assertStaff(actor);
  return TEMPLATE_KINDS.map((kind) => latestTemplate(db, kind)).filter((t): t is AgreementTemplate => Boolean(t));
}

/** A template's earlier versions, newest first (admins). */
export function templateVersions(db: Db, actor: Actor, kind: TemplateKind) {
  assertAdmin(actor);
  return db
    .select({
      id: agreementTemplates.id,
      version: agreementTemplates.version,
      name: agreementTemplates.name,
      createdAt: agreementTemplates.createdAt,
    })
    .from(agreementTemplates)
    .where(eq(agreementTemplates.kind, kind))
    .orderBy(desc(agreementTemplates.version))
    .all();
}

/** Saves a template's text as its next version (admins); the notice the law asks and the end date must stay. */
export function saveTemplate(
  db: Db,
  actor: Actor,
  input: { kind: TemplateKind; name: string; body: string },
  now = new Date(),
): AgreementTemplate {
  assertAdmin(actor);
  const errors = templateErrors(input.kind, input.body);
  if (errors.length) throw new InvalidInputError(errors[0]!, { body: errors });
  return db.transaction((tx) => {
    const latest = latestTemplate(tx, input.kind);
    if (latest && latest.name === input.name && latest.body === input.body) return latest;
    const row = tx
      .insert(agreementTemplates)
      .values({
        kind: input.kind,
        name: input.name,
        body: input.body,
        version: (latest?.version ?? 0) + 1,
        createdBy: actor.id,
        createdAt: now,
      })
      .returning()
      .get();
    recordAudit(tx, actor, {
      action: "agreement_template.save",
      subject: { type: "agreement_template", id: row.id },
      changes: { kind: row.kind, version: row.version, name: row.name },
      at: now,
    });
    return row;
  });
}

/**
 * The seeded text of each kind (at every start: app/infra/startup.server.ts): the first version when there is
 * none, and the next one when the newest is an earlier seeded text nobody edited (`created_by` null) that the
 * seed has since changed (2026-11-28: the §10147.5 notice moved before the compensation section).
 */
export function seedTemplates(db: DbOrTx): void {
  for (const kind of TEMPLATE_KINDS) {
    const latest = latestTemplate(db, kind);
    const seeded = SEEDED_TEMPLATES[kind];
    if (latest && (latest.createdBy !== null || latest.body === seeded.body)) continue;
    db.insert(agreementTemplates)
      .values({ kind, version: (latest?.version ?? 0) + 1, ...seeded })
      .onConflictDoNothing({ target: [agreementTemplates.kind, agreementTemplates.version] })
      .run();
  }
}
