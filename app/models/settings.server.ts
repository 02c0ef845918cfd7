/**
 * The agency's settings (one row, `agency_settings`): the escrow estimate every estimate assumes (a base
 * and an amount per $1,000 of the price) and the usual figures of the seller's costs a net sheet leaves
 * blank (none until set); new leads' routing. Anyone's estimate reads them; admins change them on
 * /admin/settings.
 */
import { eq } from "drizzle-orm";
import { preparedQuery, type Db, type DbOrTx } from "~/db/client.server";
import { agencySettings } from "~/db/schema";
import { DEFAULT_COSTS, type AgencyCosts } from "~/lib/estimate";
import type { SettingsValues } from "~/lib/settings-schema";
import type { RoutingMode } from "~/domain/enums";
import { type Actor } from "~/models/actor.server";
import { agreementDefaults } from "~/models/agreement-defaults.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { assertAdmin } from "~/models/permissions.server";

const costsRow = preparedQuery((db) =>
  db
    .select({
      baseCents: agencySettings.escrowBaseCents,
      perThousandCents: agencySettings.escrowPerThousandCents,
      reconveyancePerLoanCents: agencySettings.reconveyancePerLoanCents,
      notaryCourierCents: agencySettings.notaryCourierCents,
      nhdReportCents: agencySettings.nhdReportCents,
      homeWarrantyCents: agencySettings.homeWarrantyCents,
    })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1))
    .prepare(),
);

/**
 * What an estimate uses now: the escrow rates and the seller's usual costs (the defaults if the row were missing).
 * A prepared statement: every estimate reads it (building the query each time cost a quarter of a page's loader).
 */
export function agencyCosts(db: DbOrTx): AgencyCosts {
  const row = costsRow(db as Db).get();
  if (!row) return DEFAULT_COSTS;
  const { baseCents, perThousandCents, ...usual } = row;
  return { escrow: { baseCents, perThousandCents }, ...usual };
}

/** New leads' routing (app/models/routing.server.ts): its mode and first-to-claim's minutes. */
export function routingSettings(db: DbOrTx): {
  mode: RoutingMode;
  claimMinutes: number;
  roundRobinLast: string | null;
} {
  const row = db
    .select({
      mode: agencySettings.routing,
      claimMinutes: agencySettings.claimMinutes,
      roundRobinLast: agencySettings.roundRobinLast,
    })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1))
    .get();
  return row ?? { mode: "off", claimMinutes: 15, roundRobinLast: null };
}

export function getSettings(db: Db, actor: Actor) {
  assertAdmin(actor);
  const { mode, claimMinutes } = routingSettings(db);
  return { costs: agencyCosts(db), routing: { mode, claimMinutes }, agreements: agreementDefaults(db) };
}

/**
 * Admins change the escrow estimate and the usual costs (they apply to estimates computed from now on) and
 * the routing of new leads. Recorded in the audit (`settings.update`).
 */
export function updateSettings(
  db: Db,
  actor: Actor,
  values: Omit<SettingsValues, "agreements"> & Partial<Pick<SettingsValues, "agreements">>,
  now = new Date(),
) {
  assertAdmin(actor);
  const row = {
    escrowBaseCents: values.costs.escrow.baseCents,
    escrowPerThousandCents: values.costs.escrow.perThousandCents,
    reconveyancePerLoanCents: values.costs.reconveyancePerLoanCents,
    notaryCourierCents: values.costs.notaryCourierCents,
    nhdReportCents: values.costs.nhdReportCents,
    homeWarrantyCents: values.costs.homeWarrantyCents,
    routing: values.routing.mode,
    claimMinutes: values.routing.claimMinutes,
    // Left out (a script that sets only the costs): as it was.
    ...(values.agreements
      ? { buyerCompensation: values.agreements.buyerCompensation, buyerBrokerCompensation: null }
      : {}),
    updatedBy: actor.id,
    updatedAt: now,
  };
  db.transaction((tx) => {
    const before = tx.select().from(agencySettings).where(eq(agencySettings.id, 1)).get();
    tx.insert(agencySettings)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: agencySettings.id, set: row })
      .run();
    const { updatedBy: _by, updatedAt: _at, ...fields } = row;
    const changes = before ? changesOf(before as unknown as Record<string, unknown>, fields) : { created: true };
    if (changes)
      recordAudit(tx, actor, { action: "settings.update", subject: { type: "settings", id: 1 }, changes, at: now });
  });
  return getSettings(db, actor);
}
