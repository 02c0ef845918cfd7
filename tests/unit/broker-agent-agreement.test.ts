/**
 * The broker–agent agreement (issue 46, docs/roster.md; 10 CCR 2726): prepared and sent from the team (admins) from
 * the newest `broker_agent` template with the agent's name and license; the agent signs first (no agency disclosure:
 * there is no client), then an admin for the broker; the team shows `agreement: { status, signedAt }`; an agent
 * without one is flagged and the broker reminded once a week, and may still be assigned.
 */
import { describe, expect, it } from "vitest";
import type { Db } from "~/db/client.server";
import { agreements, type User } from "~/db/schema";
import { ConflictError, ForbiddenError, NotFoundError } from "~/lib/errors";
import { instantAt, addDaysTo, todayIn } from "~/lib/plain-date";
import type { AgreementPaper } from "~/models/agreement-access.server";
import { agreementFile, consentToSign, signAgreement, signingState } from "~/models/agreement-signing.server";
import { brokerAgentAgreementState, sendBrokerAgentAgreement } from "~/models/broker-agent-agreement.server";
import { remindBrokerAgentAgreements } from "~/models/roster-reminders.server";
import { assignTransaction, listTeam, toStaffJson } from "~/models/team.server";
import { createTransaction } from "~/models/transaction.server";
import { upsertUserFromClaims } from "~/models/user.server";
import { addAgent, outboxWithContent } from "./db";
import { useAgreementDesk } from "./agreement-desk";

let db: Db;
let paper: AgreementPaper;
let admin: User;

useAgreementDesk(
  "broker-agent-",
  { email: "boss@agency.test", firstName: "Jordan", lastName: "Reyes" },
  [],
  (desk) => ({ db, paper, admin } = desk),
);

const teamRow = (id: string) => listTeam(db, admin).find((p) => p.id === id)!;

describe("the broker–agent agreement", () => {
  it("sent from the team with the agent's name and license, signed by the agent then the broker", async () => {
    const ana = addAgent(db, admin);
    expect(toStaffJson(teamRow(ana.id)).agreement).toBeNull();
    // An agent is never the one who sends it; someone not on the team is not found.
    await expect(sendBrokerAgentAgreement(db, ana, paper, ana.id)).rejects.toThrow(ForbiddenError);
    const client = upsertUserFromClaims(db, { email: "client@example.com" });
    await expect(sendBrokerAgentAgreement(db, admin, paper, client.id)).rejects.toThrow(NotFoundError);

    const sent = await sendBrokerAgentAgreement(db, admin, paper, ana.id);
    expect(sent).toMatchObject({
      kind: "broker_agent",
      status: "sent",
      title: "Broker–agent independent contractor agreement: Ana Agent",
    });
    expect(sent.signers.map((s) => [s.role, s.name])).toEqual([
      ["client", "Ana Agent"],
      ["agent", "Coastline Flat Fee Realty, broker"],
    ]);
    expect(toStaffJson(teamRow(ana.id)).agreement).toEqual({ status: "sent", signedAt: null });
    await expect(sendBrokerAgentAgreement(db, admin, paper, ana.id)).rejects.toThrow(/out for signature/);
    expect(outboxWithContent(db).find((e) => e.toAddress === ana.email)?.subject).toBe(`Please sign: ${sent.title}`);

    // The agent: consent, open the PDF, sign; no agency disclosure is asked.
    expect(signingState(db, { actor: ana }, sent.id).needsDisclosure).toBe(false);
    consentToSign(db, { actor: ana }, sent.id, { consent: true });
    agreementFile(db, { actor: ana }, sent.id);
    await signAgreement(db, paper, { actor: ana }, sent.id, { typedName: "Ana Agent", agree: true });
    // Then the broker's seat, by an admin in their own name.
    consentToSign(db, { actor: admin }, sent.id, { consent: true });
    agreementFile(db, { actor: admin }, sent.id);
    await signAgreement(db, paper, { actor: admin }, sent.id, { typedName: "Jordan Reyes", agree: true });
    const state = brokerAgentAgreementState(db, ana.id)!;
    expect(state.status).toBe("signed");
    expect(toStaffJson(teamRow(ana.id)).agreement).toEqual({ status: "signed", signedAt: state.signedAt });
    await expect(sendBrokerAgentAgreement(db, admin, paper, ana.id)).rejects.toThrow(
      /signed their broker–agent agreement already/,
    );
  });

  it("prepared and sent in one database transaction: a send that fails leaves no draft, and the next try goes", async () => {
    const ana = addAgent(db, admin);
    // A real failure of the send's own write (its e-mail to the agent), not a stand-in: the outbox refuses for a while.
    db.$client.exec(
      "CREATE TEMP TRIGGER refuse_mail BEFORE INSERT ON email_outbox BEGIN SELECT RAISE(ABORT, 'the outbox is full'); END",
    );
    await expect(sendBrokerAgentAgreement(db, admin, paper, ana.id)).rejects.toThrow(/the outbox is full/);
    expect(db.select().from(agreements).all()).toHaveLength(0);
    expect(toStaffJson(teamRow(ana.id)).agreement).toBeNull();
    db.$client.exec("DROP TRIGGER refuse_mail");
    expect(await sendBrokerAgentAgreement(db, admin, paper, ana.id)).toMatchObject({ status: "sent" });
  });

  it("an agent without a license number cannot be sent one (the agreement names it)", async () => {
    const bo = addAgent(db, admin, "Bo", "");
    await expect(sendBrokerAgentAgreement(db, admin, paper, bo.id)).rejects.toThrow(ConflictError);
  });

  it("an agent without a signed one may still be assigned; the broker is reminded once a week", () => {
    const ana = addAgent(db, admin);
    const t = createTransaction(
      db,
      admin,
      { email: "sam@example.com", type: "selling", propertyAddress: "9 Elm St", homeValue: "600000" },
      { notify: false },
    );
    expect(() => assignTransaction(db, admin, t.id, { assignedAgentId: ana.id, collaboratorIds: [] })).not.toThrow();
    const today = todayIn(new Date());
    const at = (days: number) => instantAt(addDaysTo(today, days), 23);
    expect(remindBrokerAgentAgreements(db, at(0))).toBe(1);
    expect(remindBrokerAgentAgreements(db, at(0))).toBe(0);
    expect(remindBrokerAgentAgreements(db, at(6))).toBe(0);
    expect(remindBrokerAgentAgreements(db, at(7))).toBe(1);
    const mails = outboxWithContent(db, "staff_notice").filter(
      (e) => e.subject === "Ana Agent has no signed broker–agent agreement",
    );
    expect(mails.map((e) => e.toAddress)).toEqual(["boss@agency.test", "boss@agency.test"]);
    expect(mails[0]!.textBody).toContain("10 CCR 2726");
  });
});
