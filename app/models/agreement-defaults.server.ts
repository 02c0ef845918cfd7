/**
 * What agreements are prepared with (a setting of /admin/settings, app/models/settings.server.ts), in a file of its
 * own so that preparing an agreement does not load the estimates' rate tables.
 */
import { eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agencySettings } from "~/db/schema";
import { parseLegacyCompensation, type StructuredCompensation } from "~/lib/buyer-compensation";

/**
 * What agreements are prepared with: the broker's usual buyer's broker compensation, structured (null: none set; a
 * free text of older agreements is read when it can be worked out, "2.5%" or "$12,000").
 */
export function agreementDefaults(db: DbOrTx): { buyerCompensation: StructuredCompensation | null } {
  const row = db
    .select({ text: agencySettings.buyerBrokerCompensation, structured: agencySettings.buyerCompensation })
    .from(agencySettings)
    .where(eq(agencySettings.id, 1))
    .get();
  return { buyerCompensation: row?.structured ?? parseLegacyCompensation(row?.text) };
}
