/**
 * Who acts for the brokerage (docs/roster.md; 10 CCR 2725, B&P 10137): the responsible broker is the account of
 * AGENCY_BROKER_EMAIL (else the first of ADMIN_EMAILS), holding AGENCY_BROKER_LICENSE; the broker delegates each of
 * three duties (countersigning, approving file items, approving CDAs) to a licensee of the team, recorded with who
 * and when, revocable. The rules themselves are app/lib/roster-rules.ts (`mayActForBrokerage`, `dutyRefusal`);
 * every page, e-mail and API asks them through this module.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { env } from "~/config/env.server";
import type { Db, DbOrTx } from "~/db/client.server";
import { brokerDuties, users, type User } from "~/db/schema";
import { BROKER_DUTIES, type BrokerDuty } from "~/domain/enums";
import { ConflictError, ForbiddenError, NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { todayIn, type PlainDate } from "~/lib/plain-date";
import { actingRefusal, delegateRefusal, dutyRefusal, DUTY_WORDS, type Licensee } from "~/lib/roster-rules";
import type { Actor } from "~/models/actor.server";
import { recordAudit } from "~/models/audit-log.server";

/** The responsible broker's e-mail address (lower case), or null when none is configured. */
export const brokerEmail = (): string | null => env().brokerEmail;

/** Whether this account is the responsible broker's. */
export const isBrokerAccount = (u: Pick<User, "email">) => {
  const email = brokerEmail();
  return email !== null && u.email.toLowerCase() === email;
};

/** The open grants of these people, by person. */
export function dutiesOf(db: DbOrTx, userIds: string[]): Map<string, BrokerDuty[]> {
  const map = new Map<string, BrokerDuty[]>();
  if (userIds.length === 0) return map;
  const rows = db
    .select({ userId: brokerDuties.userId, duty: brokerDuties.duty })
    .from(brokerDuties)
    .where(and(inArray(brokerDuties.userId, userIds), isNull(brokerDuties.revokedAt)))
    .all();
  for (const r of rows) map.set(r.userId, [...(map.get(r.userId) ?? []), r.duty]);
  // In the duties' own order, whatever order they were granted in.
  for (const [id, duties] of map)
    map.set(
      id,
      BROKER_DUTIES.filter((d) => duties.includes(d)),
    );
  return map;
}

/** What the rules read of a person's row. */
export type LicenseeRow = Pick<
  User,
  | "id"
  | "email"
  | "firstName"
  | "lastName"
  | "licenseNumber"
  | "licenseKind"
  | "licenseExpiresOn"
  | "isAdmin"
  | "isAgent"
  | "deactivatedAt"
>;

/** A person as the rules read them (their duties given, or read). */
export function licenseeOf(db: DbOrTx, u: LicenseeRow, duties?: BrokerDuty[]): Licensee {
  const isBroker = isBrokerAccount(u);
  const site = env().site;
  return {
    name: fullName(u) || u.email,
    licenseNumber: u.licenseNumber ?? (isBroker ? site.brokerLicense : null),
    licenseKind: u.licenseKind ?? (isBroker ? "broker" : null),
    licenseExpiresOn: u.licenseExpiresOn,
    isBroker,
    active: (u.isAdmin || u.isAgent || isBroker) && u.deactivatedAt === null,
    duties: duties ?? dutiesOf(db, [u.id]).get(u.id) ?? [],
  };
}

const userOf = (db: DbOrTx, id: string): User | undefined => db.select().from(users).where(eq(users.id, id)).get();

/** Why this person may not act for the brokerage on a San Diego day, or null (app/lib/roster-rules.ts). */
export function actingRefusalOn(db: DbOrTx, u: LicenseeRow, day: PlainDate): string | null {
  return actingRefusal(licenseeOf(db, u, []), day);
}

/** Why this person may not act for the brokerage on the San Diego day of `now`, or null. */
export const actingRefusalOf = (db: DbOrTx, u: LicenseeRow, now: Date) => actingRefusalOn(db, u, todayIn(now));

/** Why the actor may not perform `duty` now, or null. */
export function dutyRefusalOf(db: DbOrTx, actor: Pick<Actor, "id">, duty: BrokerDuty, now: Date): string | null {
  const u = userOf(db, actor.id);
  if (!u) return `Only the responsible broker may ${DUTY_WORDS[duty]}`;
  return dutyRefusal(licenseeOf(db, u), duty, todayIn(now));
}

/** Whether the actor may perform `duty` now (the pages' buttons, the dashboard's list). */
export const mayPerform = (db: DbOrTx, actor: Pick<Actor, "id">, duty: BrokerDuty, now = new Date()) =>
  dutyRefusalOf(db, actor, duty, now) === null;

/** 403 naming the duty unless the actor may perform it now. */
export function assertDuty(db: DbOrTx, actor: Pick<Actor, "id">, duty: BrokerDuty, now = new Date()): void {
  const refusal = dutyRefusalOf(db, actor, duty, now);
  if (refusal) throw new ForbiddenError(refusal);
}

/**
 * Who may perform `duty` today: the active admins who pass its rule (the broker, the licensees they named), for the
 * e-mails that ask for it (the broker's seat's "Please sign"). Staff are a handful: read by the team's index.
 */
export function performersOf(db: DbOrTx, duty: BrokerDuty, now = new Date()): User[] {
  const admins = db
    .select()
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)))
    .all();
  const duties = dutiesOf(
    db,
    admins.map((a) => a.id),
  );
  return admins.filter((a) => dutyRefusal(licenseeOf(db, a, duties.get(a.id) ?? []), duty, todayIn(now)) === null);
}

/**
 * `PUT /api/team/{id}/duties` `{ duties }` and the team page's boxes (the responsible broker only; anyone else 403):
 * the duties this person performs for the broker from now on; those left out are revoked. A delegate is an admin
 * of the team (the duties reach every file, which only admins read) acting for the brokerage today (licensed, the
 * license in force): otherwise 409 naming why. Each grant and revocation is audited.
 */
export function setDuties(db: Db, actor: Actor, userId: string, duties: BrokerDuty[], now = new Date()) {
  const broker = userOf(db, actor.id);
  if (!broker || !isBrokerAccount(broker)) {
    throw new ForbiddenError("Only the responsible broker delegates the broker's duties");
  }
  return db.transaction((tx) => {
    const person = userOf(tx, userId);
    if (!person || !(person.isAdmin || person.isAgent)) throw new NotFoundError("Not on the team");
    const wanted = BROKER_DUTIES.filter((d) => duties.includes(d));
    const current = dutiesOf(tx, [userId]).get(userId) ?? [];
    if (wanted.length > 0) {
      const refusal = delegateRefusal(licenseeOf(tx, person, []), todayIn(now));
      if (refusal)
        throw new ConflictError(`${refusal}: the broker's duties go only to a licensee acting for the brokerage`);
      if (!person.isAdmin) {
        throw new ConflictError(
          `${fullName(person) || person.email} is an agent: make them an admin first (a delegate reviews every file of the brokerage)`,
        );
      }
    }
    const granted = wanted.filter((d) => !current.includes(d));
    const revoked = current.filter((d) => !wanted.includes(d));
    for (const duty of granted) {
      tx.insert(brokerDuties).values({ userId, duty, grantedBy: actor.id, grantedAt: now }).run();
    }
    if (revoked.length) {
      tx.update(brokerDuties)
        .set({ revokedBy: actor.id, revokedAt: now })
        .where(
          and(eq(brokerDuties.userId, userId), inArray(brokerDuties.duty, revoked), isNull(brokerDuties.revokedAt)),
        )
        .run();
    }
    if (granted.length || revoked.length) {
      recordAudit(tx, actor, {
        action: "team.duties",
        subject: { type: "user", id: userId },
        changes: { duties: { before: current, after: wanted }, granted, revoked },
        at: now,
      });
    }
    return wanted;
  });
}
