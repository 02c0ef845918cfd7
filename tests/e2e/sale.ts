/**
 * "An app with a seller's sale", the set-up the browser tests of the back office share: the responsible broker
 * (boss@agency.test, the admin of the specs' own servers, tests/e2e/servers.ts), Ana Lopez (an agent whose license is
 * in force), and a client's sale assigned to her, with its listing agreement signed unless told otherwise.
 */
import type { Db } from "~/db/client.server";
import { addStaff, assignTransaction } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { getUserByEmail, upsertUserFromClaims } from "~/models/user.server";
import { insertSignedListingAgreement } from "../signed-agreement";
import { currentLicenseExpiry } from "./fixtures";

export const BROKER = "boss@agency.test";
export const AGENT = "ana@agency.test";

export type SaleOptions = {
  broker?: { firstName: string; lastName: string };
  client?: string;
  clientFirstName?: string;
  address?: string;
  homeValue?: string;
  setUpMilestones?: boolean;
  /** The signed listing agreement's flat fee; null for a sale with none signed yet. */
  flatFee?: string | null;
  /** The signers' names on that agreement. */
  signers?: string[];
  /** The agreement's last day (its default: months ahead). */
  endsOn?: string;
};

export function seedSale(db: Db, options: SaleOptions = {}) {
  const broker = upsertUserFromClaims(db, { email: BROKER, ...(options.broker ?? {}) }, [BROKER]);
  const ana =
    getUserByEmail(db, AGENT) ??
    addStaff(db, broker, {
      email: AGENT,
      firstName: "Ana",
      lastName: "Lopez",
      role: "agent",
      licenseNumber: "01234567",
      licenseExpiresOn: currentLicenseExpiry(),
    });
  const t = createTransaction(
    db,
    broker,
    {
      email: options.client ?? "sam@example.com",
      ...(options.clientFirstName ? { firstName: options.clientFirstName } : {}),
      type: "selling",
      propertyAddress: options.address ?? "9 Elm St",
      homeValue: options.homeValue ?? "850000",
      ...(options.setUpMilestones ? { setUpMilestones: true } : {}),
    },
    { notify: false },
  );
  if (options.flatFee !== null) {
    insertSignedListingAgreement(db, t, {
      fields: { flatFee: options.flatFee ?? "$10,000" },
      signers: options.signers ?? ["Sam Seller"],
      ...(options.endsOn ? { endsOn: options.endsOn } : {}),
    });
  }
  assignTransaction(db, broker, t.id, { assignedAgentId: ana.id, collaboratorIds: [] });
  return { broker, ana, t };
}
