/**
 * The agency's settings (one row, `agency_settings`): the escrow estimate every estimate assumes (a base
 * and an amount per $1,000 of the price). Anyone's estimate reads them; admins change them on
 * /admin/settings.
 */
import { eq } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { agencySettings } from "~/db/schema";
import { DEFAULT_ESCROW, type EscrowRates } from "~/lib/estimate";
import type { SettingsValues } from "~/lib/settings-schema";
import { assertAdmin, type Actor } from "~/models/actor.server";

/** The escrow rates an estimate uses now (the defaults if the row were ever missing). */
export function escrowRates(db: DbOrTx): EscrowRates {
  const row = db
    .select({ baseCents: agencySettings.escrowBaseCents, perThousandCents: agencySettings.escrowPerThousandCents })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1))
    .get();
  return row ?? DEFAULT_ESCROW;
}

export function getSettings(db: Db, actor: Actor) {
  assertAdmin(actor);
  return { escrow: escrowRates(db) };
}

/** Admins change the escrow estimate; the new rates apply to estimates computed from now on. */
export function updateSettings(db: Db, actor: Actor, values: SettingsValues, now = new Date()) {
  assertAdmin(actor);
  const row = {
    escrowBaseCents: values.escrow.baseCents,
    escrowPerThousandCents: values.escrow.perThousandCents,
    updatedBy: actor.id,
    updatedAt: now,
  };
  db.insert(agencySettings)
    .values({ id: 1, ...row })
    .onConflictDoUpdate({ target: agencySettings.id, set: row })
    .run();
  return getSettings(db, actor);
}
