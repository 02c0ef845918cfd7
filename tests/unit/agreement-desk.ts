/**
 * The set-up the agreement tests share (agreement-records, agreements-that-hold, next-steps, broker-agent-agreement):
 * before each test a fresh database with the seeded templates, sealing paper in a folder of its own (a self-signed
 * certificate, made once per test file) and the admin who prepares and countersigns; after it, the folder removed.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import type { BrokerDuty } from "~/domain/enums";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { DirectoryStore } from "~/infra/file-store.server";
import { selfSignedP12 } from "~/infra/pdf-seal.server";
import type { AgreementPaper } from "~/models/agreement-access.server";
import { seedTemplates } from "~/models/agreement-template.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { delegate, freshDb } from "./db";

export type AgreementDesk = { db: Db; dir: string; paper: AgreementPaper; admin: User };

const p12 = selfSignedP12("Coastline Flat Fee Realty");

/**
 * Registers the hooks; `opened` receives each test's desk (the files keep their own `let db`, `paper`, `admin`).
 * `admin` signs in as the local provider gives them; `duties` are the broker's they are named to (10 CCR 2725).
 */
export function useAgreementDesk(
  prefix: string,
  admin: { email: string; firstName?: string; lastName?: string },
  duties: BrokerDuty[],
  opened: (desk: AgreementDesk) => void,
) {
  let dir = "";
  beforeEach(() => {
    const db = freshDb();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    seedTemplates(db);
    const person = upsertUserFromClaims(db, admin, [admin.email]);
    if (duties.length > 0) delegate(db, person, duties);
    opened({ db, dir, paper: agreementPaper(new DirectoryStore(dir), () => ({ p12, password: "" })), admin: person });
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));
}
