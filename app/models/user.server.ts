/**
 * Users: sign-in upsert by e-mail, admin promotion, and the public shape the
 * current-user call returns.
 */
import { recordAudit } from "~/models/audit-log.server";
import { actingRefusalOf } from "~/models/broker-duties.server";
import { eq, sql } from "drizzle-orm";
import { preparedQuery, type Db, type DbOrTx } from "~/db/client.server";
import { users, type User } from "~/db/schema";
import { NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";

export type PublicUser = Pick<
  User,
  "id" | "email" | "firstName" | "lastName" | "profileImageUrl" | "isAdmin" | "isAgent"
>;

export function toPublicUser(user: User): PublicUser {
  const { id, email, firstName, lastName, profileImageUrl, isAdmin, isAgent } = user;
  return { id, email, firstName, lastName, profileImageUrl, isAdmin, isAgent };
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export type IdentityClaims = {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  profileImageUrl?: string | null;
};

/**
 * Creates or updates the user with this e-mail from the provider's claims.
 * A name or picture the provider does not send leaves the stored one as it is.
 * E-mails in `adminEmails` become admins; others keep their current role (so a
 * role granted with `npm run admin` survives the next sign-in).
 */
export function upsertUserFromClaims(db: Db, claims: IdentityClaims, adminEmails: readonly string[] = []): User {
  const email = normalizeEmail(claims.email);
  const promote = adminEmails.includes(email);
  const clean = (v: string | null | undefined) => (v && v.trim() ? v.trim() : undefined);
  const values = {
    firstName: clean(claims.firstName),
    lastName: clean(claims.lastName),
    profileImageUrl: clean(claims.profileImageUrl),
  };
  const update = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<
    typeof values
  >;

  return db.transaction((tx) => {
    const existing = tx.select().from(users).where(eq(users.email, email)).get();
    const user = existing
      ? tx
          .update(users)
          .set({ ...update, ...(promote ? { isAdmin: true } : {}), updatedAt: new Date() })
          .where(eq(users.id, existing.id))
          .returning()
          .get()
      : tx
          .insert(users)
          .values({ email, ...values, isAdmin: promote })
          .returning()
          .get();
    recordAudit(
      tx,
      { id: user.id, isAdmin: user.isAdmin, isAgent: user.isAgent },
      {
        action: "sign_in",
        subject: { type: "user", id: user.id },
        changes: existing ? null : { firstSignIn: true },
      },
    );
    return user;
  });
}

const userById = preparedQuery((db) =>
  db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder("id")))
    .prepare(),
);

export function getUserById(db: Db, id: string): User | undefined {
  return userById(db).get({ id });
}

export function getUserByEmail(db: DbOrTx, email: string): User | undefined {
  return db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .get();
}

/**
 * The client a transaction is opened for: found by e-mail (a missing first or
 * last name is filled in), or created without a sign-in, to be claimed when
 * they first sign in (the sign-in upsert matches by e-mail).
 */
export function findOrCreateClient(
  db: DbOrTx,
  input: { email: string; firstName?: string | null; lastName?: string | null },
): User {
  const existing = getUserByEmail(db, input.email);
  if (!existing) {
    return db
      .insert(users)
      .values({
        email: normalizeEmail(input.email),
        firstName: input.firstName ?? null,
        lastName: input.lastName ?? null,
      })
      .returning()
      .get();
  }
  const names = {
    ...(!existing.firstName && input.firstName ? { firstName: input.firstName } : {}),
    ...(!existing.lastName && input.lastName ? { lastName: input.lastName } : {}),
  };
  if (Object.keys(names).length === 0) return existing;
  return db
    .update(users)
    .set({ ...names, updatedAt: new Date() })
    .where(eq(users.id, existing.id))
    .returning()
    .get()!;
}

/**
 * The actor changes their own name (the portal's "Your name"): the legal name their next signatures are typed
 * as (app/lib/agreement-rules.ts); a signature already given keeps the name it was given with. Audited.
 */
export function setOwnName(db: Db, actor: Pick<User, "id">, input: { firstName: string; lastName: string }): User {
  return db.transaction((tx) => {
    const before = tx.select().from(users).where(eq(users.id, actor.id)).get();
    if (!before) throw new NotFoundError("User not found");
    const row = tx
      .update(users)
      .set({ firstName: input.firstName, lastName: input.lastName, updatedAt: new Date() })
      .where(eq(users.id, actor.id))
      .returning()
      .get()!;
    recordAudit(
      tx,
      { id: before.id, isAdmin: before.isAdmin, isAgent: before.isAgent },
      {
        action: "user.name",
        subject: { type: "user", id: before.id },
        changes: {
          from: [before.firstName, before.lastName].filter(Boolean).join(" ") || null,
          to: `${input.firstName} ${input.lastName}`,
        },
      },
    );
    return row;
  });
}

/** Turns the actor's own milestone notices on or off. */
export function setMilestoneNotices(db: Db, actor: Pick<User, "id">, on: boolean): User {
  const row = db
    .update(users)
    .set({ milestoneNotices: on, updatedAt: new Date() })
    .where(eq(users.id, actor.id))
    .returning()
    .get();
  if (!row) throw new NotFoundError("User not found");
  return row;
}

/** Grants or revokes the admin role of an existing user; undefined when none. */
export function setAdmin(db: Db, email: string, isAdmin: boolean): User | undefined {
  return db
    .update(users)
    .set({ isAdmin, updatedAt: new Date() })
    .where(eq(users.email, normalizeEmail(email)))
    .returning()
    .get();
}

/** Who the client's agent is (the portal's "Your agent" card, a lead's e-mails): the agent, else the broker. */
export function agentCardOf(db: DbOrTx, agentId: string | null) {
  const agent = agentId ? db.select().from(users).where(eq(users.id, agentId)).get() : undefined;
  if (!agent || agent.deactivatedAt) return null;
  return {
    name: fullName(agent) || agent.email,
    email: agent.email,
    phone: agent.phone,
    licenseNumber: agent.licenseNumber,
  };
}

/**
 * The agent a public page or a marketing e-mail names (the listing page's card, a drip's signature): only one who
 * may act for the brokerage today (app/lib/roster-rules.ts); else null, and the page or e-mail names the brokerage.
 */
export function actingAgentCardOf(db: DbOrTx, agentId: string | null, now = new Date()) {
  const agent = agentId ? db.select().from(users).where(eq(users.id, agentId)).get() : undefined;
  if (!agent || actingRefusalOf(db, agent, now)) return null;
  return agentCardOf(db, agentId);
}
