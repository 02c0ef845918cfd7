/**
 * Our agents on the public site (docs/proof.md): a staff member's profile (title, bio, languages, areas, photo) and
 * who is shown. Shown: staff whose profile has been saved (it then has its slug), with an 8-digit DRE license number
 * on the roster, who may act for the brokerage today (app/lib/roster-rules.ts `mayActForBrokerage`: active, the
 * license's expiry entered and not past); anyone else's page answers 404 (10 CCR 2773: only active licensees are
 * named). An agent edits their own profile, an admin anyone's; another agent is told "not found".
 */
import { fairHousingFlags, fairHousingMessage } from "~/lib/fair-housing";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { preparedQuery, type Db, type DbOrTx } from "~/db/client.server";
import { agentProfiles, images, staffRow, users, type AgentProfile, type ImageVariant, type User } from "~/db/schema";
import { InvalidInputError, NotFoundError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { slugOf, type ProfileInput } from "~/lib/proof-schema";
import { LICENSE_NUMBER } from "~/lib/team-schema";
import { isStaff, type Actor } from "~/models/actor.server";
import { actingRefusalOf, type LicenseeRow } from "~/models/broker-duties.server";
import { changesOf, recordAudit } from "~/models/audit-log.server";
import { decidesFairHousing, requestException } from "~/models/fair-housing-review.server";
import { imageSources, type ImageSources } from "~/lib/images";

/** What the public pages show of an agent. */
export type PublicAgent = {
  id: string;
  slug: string;
  name: string;
  title: string | null;
  bio: string | null;
  languages: string[];
  areas: string[];
  license: string;
  email: string;
  phone: string | null;
  photo: ImageSources | null;
};

/**
 * The candidates in SQL: staff, active, with a license number on the roster (the page names it). Staff are found
 * through `users_team_idx` (its own condition, `staffRow`), in the team's order; the team is a handful, so the rule
 * of who acts for the brokerage on a day is then applied in code, the one rule (`mayActToday`).
 */
const shownCondition = and(
  staffRow,
  isNull(users.deactivatedAt),
  sql`${users.licenseNumber} GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'`,
);
/** Whether a person may be named to the public today: a licensee acting for the brokerage (app/lib/roster-rules.ts). */
const mayActToday = (db: DbOrTx, u: LicenseeRow) =>
  LICENSE_NUMBER.test(u.licenseNumber ?? "") && actingRefusalOf(db, u, new Date()) === null;
const rowColumns = {
  isAdmin: users.isAdmin,
  isAgent: users.isAgent,
  deactivatedAt: users.deactivatedAt,
  licenseNumber: users.licenseNumber,
  licenseKind: users.licenseKind,
  licenseExpiresOn: users.licenseExpiresOn,
};

const splitList = (value: string | null) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

const publicColumns = {
  ...rowColumns,
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  phone: users.phone,
  license: users.licenseNumber,
  slug: agentProfiles.slug,
  title: agentProfiles.title,
  bio: agentProfiles.bio,
  languages: agentProfiles.languages,
  areas: agentProfiles.areas,
  photoId: images.id,
  photoVariants: images.variants,
};
type PublicRow = LicenseeRow &
  Pick<User, "phone"> & {
    license: string | null;
    slug: string;
    title: string | null;
    bio: string | null;
    languages: string | null;
    areas: string | null;
    photoId: string | null;
    photoVariants: ImageVariant[] | null;
  };

function toPublic(r: PublicRow): PublicAgent {
  return {
    id: r.id,
    slug: r.slug,
    name: fullName(r) || r.email,
    title: r.title,
    bio: r.bio,
    languages: splitList(r.languages),
    areas: splitList(r.areas),
    license: r.license!,
    email: r.email,
    phone: r.phone,
    photo: r.photoId && r.photoVariants ? imageSources(r.photoId, r.photoVariants) : null,
  };
}

const publicAgents = preparedQuery((db) =>
  db
    .select(publicColumns)
    .from(users)
    .innerJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .leftJoin(images, eq(images.id, agentProfiles.photoImageId))
    .where(shownCondition)
    .orderBy(asc(users.teamPosition), asc(users.email))
    .prepare(),
);

/** Every agent the public sees, in the team's order (the sitemap, the review form's list, the API). */
export function listPublicAgents(db: Db): PublicAgent[] {
  return publicAgents(db)
    .all()
    .filter((r) => mayActToday(db, r))
    .map(toPublic);
}

/** /agents: a page of the agents shown (24), in the team's order, with how many there are. */
export function pagePublicAgents(db: Db, page: number, limit: number) {
  const shown = listPublicAgents(db);
  return { items: shown.slice((page - 1) * limit, page * limit), page, total: shown.length };
}

const publicAgentBySlug = preparedQuery((db) =>
  db
    .select(publicColumns)
    .from(agentProfiles)
    .innerJoin(users, eq(users.id, agentProfiles.userId))
    .leftJoin(images, eq(images.id, agentProfiles.photoImageId))
    .where(and(eq(agentProfiles.slug, sql.placeholder("slug")), shownCondition))
    .prepare(),
);

/** An agent's public page's person, or a NotFoundError (unknown, deactivated, unlicensed). */
export function getPublicAgent(db: Db, slug: string): PublicAgent {
  const row = publicAgentBySlug(db).get({ slug });
  if (!row || !mayActToday(db, row)) throw new NotFoundError("Agent not found");
  return toPublic(row);
}

/** The public slug of a shown agent by id (a review's or a sale's agent), or null when they are not shown. */
export function shownAgentSlugs(db: DbOrTx, ids: string[]): Map<string, { slug: string; name: string }> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = db
    .select({
      ...rowColumns,
      id: users.id,
      slug: agentProfiles.slug,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(agentProfiles)
    .innerJoin(users, eq(users.id, agentProfiles.userId))
    .where(and(sql`${users.id} IN (SELECT value FROM json_each(${JSON.stringify(unique)}))`, shownCondition))
    .all()
    .filter((r) => mayActToday(db, r));
  return new Map(rows.map((r) => [r.id, { slug: r.slug, name: fullName(r) || r.email }]));
}

/** The shown agent a slug names (a review's "the agent it is about"), or null. */
export function shownAgentIdBySlug(db: DbOrTx, slug: string): string | null {
  const row = db
    .select({ ...rowColumns, id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(agentProfiles)
    .innerJoin(users, eq(users.id, agentProfiles.userId))
    .where(and(eq(agentProfiles.slug, slug), shownCondition))
    .get();
  return row && mayActToday(db, row) ? row.id : null;
}

/** The person whose profile `actor` may edit: themself (staff), or anyone on the team for an admin; else not found. */
function editableStaff(db: DbOrTx, actor: Actor, userId: string): User {
  if (!isStaff(actor) || (!actor.isAdmin && actor.id !== userId)) throw new NotFoundError("Profile not found");
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user || !(user.isAdmin || user.isAgent)) throw new NotFoundError("Profile not found");
  return user;
}

export type ProfileForEdit = {
  user: Pick<User, "id" | "email" | "firstName" | "lastName" | "phone" | "licenseNumber" | "deactivatedAt">;
  profile: AgentProfile | null;
  photo: ImageSources | null;
  /** Whether the public sees it now, and if not, why. */
  shown: boolean;
  notShownBecause: string | null;
};

/** The profile form's record (/admin/profile). */
export function getProfileForEdit(db: Db, actor: Actor, userId: string): ProfileForEdit {
  const user = editableStaff(db, actor, userId);
  const profile = db.select().from(agentProfiles).where(eq(agentProfiles.userId, userId)).get() ?? null;
  const image = profile?.photoImageId
    ? db.select().from(images).where(eq(images.id, profile.photoImageId)).get()
    : undefined;
  const acting = actingRefusalOf(db, user, new Date());
  const notShownBecause = user.deactivatedAt
    ? "Deactivated people are not shown on the site."
    : !LICENSE_NUMBER.test(user.licenseNumber ?? "")
      ? "Add an 8-digit DRE license number on the Team page to be shown on the site."
      : acting
        ? `${acting}: only licensees acting for the brokerage are shown on the site.`
        : !profile
          ? "Save the profile to be shown on the site."
          : null;
  return {
    user,
    profile,
    photo: image ? imageSources(image.id, image.variants) : null,
    shown: notShownBecause === null,
    notShownBecause,
  };
}

/** A slug no other profile has: the one asked for, else the name's, numbered when taken ("agatha-moss-2"). */
function freeSlug(tx: DbOrTx, userId: string, wanted: string): string {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? wanted : `${wanted}-${n}`;
    const owner = tx.select({ id: agentProfiles.userId }).from(agentProfiles).where(eq(agentProfiles.slug, slug)).get();
    if (!owner || owner.id === userId) return slug;
  }
}

/**
 * Saves a profile (the agent themself or an admin): the fields given (undefined: unchanged); its slug, once set,
 * stays unless changed on purpose (a link shared keeps working). Audited.
 */
export function saveProfile(
  db: Db,
  actor: Actor,
  userId: string,
  input: Partial<ProfileInput>,
  now = new Date(),
): AgentProfile {
  return db.transaction((tx) => {
    const user = editableStaff(tx, actor, userId);
    const before = tx.select().from(agentProfiles).where(eq(agentProfiles.userId, userId)).get();
    // Fair housing in the words: a changed bio with a flagged phrase needs a reason; the broker's (or a licensee's they
    // named) saves at once, audited; anyone else's waits for the broker and the earlier bio stays.
    const flags = input.bio !== undefined && input.bio !== (before?.bio ?? null) ? fairHousingFlags(input.bio) : [];
    if (flags.length && !input.fairHousingReason) {
      throw new InvalidInputError(fairHousingMessage(flags), { bio: [fairHousingMessage(flags)] });
    }
    const pending = flags.length > 0 && !decidesFairHousing(tx, actor, now);
    if (flags.length && !pending) {
      recordAudit(tx, actor, {
        action: "profile.fair_housing_override",
        subject: { type: "user", id: userId },
        changes: { reason: input.fairHousingReason, phrases: flags.map((f) => f.phrase) },
        at: now,
      });
    }
    const slug = freeSlug(
      tx,
      userId,
      input.slug ?? before?.slug ?? slugOf(fullName(user) || user.email.split("@")[0]!),
    );
    const values = {
      slug,
      title: input.title === undefined ? (before?.title ?? null) : input.title,
      bio: input.bio === undefined || pending ? (before?.bio ?? null) : input.bio,
      languages: input.languages === undefined ? (before?.languages ?? null) : input.languages,
      areas: input.areas === undefined ? (before?.areas ?? null) : input.areas,
      updatedAt: now,
    };
    const row = tx
      .insert(agentProfiles)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: agentProfiles.userId, set: values })
      .returning()
      .get();
    const changes = changesOf((before ?? {}) as Record<string, unknown>, {
      slug: row.slug,
      title: row.title,
      bio: row.bio,
      languages: row.languages,
      areas: row.areas,
    });
    if (changes) {
      recordAudit(tx, actor, { action: "profile.update", subject: { type: "user", id: userId }, changes, at: now });
    }
    if (pending) {
      requestException(
        tx,
        actor,
        { type: "bio", userId },
        { text: input.bio!, reason: input.fairHousingReason!, flags },
        now,
      );
    }
    return row;
  });
}

/** Sets a profile's photo to a stored image (made by app/infra/blog-images.server.ts `storeImage`). Audited. */
export function setProfilePhoto(db: Db, actor: Actor, userId: string, imageId: string, now = new Date()) {
  editableStaff(db, actor, userId);
  const existing = db.select().from(agentProfiles).where(eq(agentProfiles.userId, userId)).get();
  if (!existing) saveProfile(db, actor, userId, {}, now);
  db.transaction((tx) => {
    tx.update(agentProfiles)
      .set({ photoImageId: imageId, updatedAt: now })
      .where(eq(agentProfiles.userId, userId))
      .run();
    recordAudit(tx, actor, {
      action: "profile.update",
      subject: { type: "user", id: userId },
      changes: { photo: { before: existing?.photoImageId ?? null, after: imageId } },
      at: now,
    });
  });
}

/** Whether `actor` may change `userId`'s profile (checked before an upload is processed). */
export function assertMayEditProfile(db: Db, actor: Actor, userId: string): void {
  editableStaff(db, actor, userId);
}

/** The API's agent. */
export const toAgentJson = (a: PublicAgent, site: { broker: string; brokerLicense: string }) => ({
  slug: a.slug,
  name: a.name,
  title: a.title,
  license: a.license,
  broker: { name: site.broker, license: site.brokerLicense },
  email: a.email,
  phone: a.phone,
  languages: a.languages,
  areas: a.areas,
  bio: a.bio,
  photo: a.photo,
});
