/**
 * A transaction's agreements on its two pages (docs/agreements.md): the list with each one's signers, and
 * in the workspace the staff's forms: prepare one from a template (its fields prefilled from the
 * transaction) or from a PDF of the transaction, send it, void it. Signing is on the agreement's own page
 * (app/routes/agreements.$id.sign.tsx). A refusal (a date past the three months, a co-signer without an
 * address) comes back as a toast naming it, and nothing is prepared.
 */
import { data } from "@remix-run/node";
import type { Db } from "~/db/client.server";
import type { Transaction, User } from "~/db/schema";
import { agreementPaper } from "~/infra/agreement-pdf.server";
import { redirectWithToast } from "~/infra/flash-toast.server";
import { refuse } from "~/infra/page-action.server";
import { agreementState } from "~/lib/agreement-rules";
import {
  prepareAgreementSchema,
  prepareFromForm,
  protectionListSchema,
  recordAgreementSchema,
  recordFromForm,
} from "~/lib/agreement-schema";
import { buyerAgreementLastDay, DEFAULT_PROTECTION_DAYS, fieldLabel, fieldsOf } from "~/lib/agreement-template";
import { addDaysTo, addMonthsTo, formatDayWords, todayIn } from "~/lib/plain-date";
import { compensationShort } from "~/lib/buyer-compensation";
import { NotFoundError, statusOf, type InvalidInputError } from "~/lib/errors";
import { fullName } from "~/lib/format";
import { agreementIntents } from "~/lib/intents";
import { isStaff } from "~/models/actor.server";
import { agreementPdfPath, signingPath } from "~/models/agreement-access.server";
import { prefilledFields, prepareAgreement, resendSigningLink, sendAgreement } from "~/models/agreement-prepare.server";
import { PROTECTION_LIST_DAYS, recordAgreement, sendProtectionList } from "~/models/agreement-record.server";
import { retrySeal } from "~/models/agreement-seal.server";
import { voidAgreement } from "~/models/agreement-signing.server";
import { listAgreements, type AgreementView } from "~/models/agreement-view.server";
import { listTemplates } from "~/models/agreement-template.server";
import { agreementDefaults } from "~/models/agreement-defaults.server";
import { getUserById } from "~/models/user.server";
import { documentNames } from "~/models/document.server";
import { backTo, parseSectionForm, type Section } from "~/sections/page-sections.server";
import { getTransaction } from "~/models/permissions.server";

/** An agreement as the section lists it (the workspace's, the portal's), its state in words for `viewerId`. */
export function listedAgreement(a: AgreementView, viewerId: string | null = null, now = new Date()) {
  const today = todayIn(now);
  const recorded = a.source === "recorded";
  return {
    id: a.id,
    kind: a.kind,
    title: a.title,
    status: a.status,
    state: recorded
      ? `Signed on paper; recorded on ${formatDayWords(todayIn(a.completedAt ?? a.createdAt))}`
      : agreementState({
          status: a.status,
          completedAt: a.completedAt,
          signers: a.signers.map((s) => ({ ...s, mine: viewerId !== null && s.userId === viewerId })),
        }),
    recorded,
    compensation: a.compensation ? compensationShort(a.compensation) : null,
    buyerEntity: a.kind === "buyer" && a.buyerEntity && a.buyerEntity !== "person" ? a.buyerEntity : null,
    // A listing's protection period: the list given after the term (staff send it within PROTECTION_LIST_DAYS days).
    protection: a.protection
      ? {
          days: a.protection.days,
          list: a.protection.list,
          listSentOn: a.protection.listSentOn ? formatDayWords(a.protection.listSentOn) : null,
          mayGiveList:
            !a.protection.listSentOn &&
            (a.status === "signed" || a.status === "expired") &&
            a.endsOn !== null &&
            today > a.endsOn &&
            today <= addDaysTo(a.endsOn, PROTECTION_LIST_DAYS),
        }
      : null,
    endsOn: a.endsOn,
    sealError: a.sealError,
    signers: a.signers.map((s) => ({
      id: s.id,
      name: s.seatOpen ? "The broker (or a licensee the broker named)" : s.name || "The client",
      role: s.role,
      signedAt: s.signedAt?.toISOString() ?? null,
      consentWithdrawn: s.consentWithdrawnAt !== null,
    })),
    pdf: agreementPdfPath(a.id),
    sign: signingPath(a.id),
  };
}

/** The prepare form's source: a template or a PDF of the transaction (`?agreementFrom=template-3`, `document-12`). */
export type PrepareSource = { kind: "template" | "document"; id: number };

/** The source chosen on the prepare form's "Choose" step, if it names one of the offered ones. */
function chosenSource(query: URLSearchParams | null): PrepareSource | null {
  const match = /^(template|document)-(\d{1,12})$/.exec(query?.get("agreementFrom") ?? "");
  return match ? { kind: match[1] as PrepareSource["kind"], id: Number(match[2]) } : null;
}

/**
 * The section's data: each agreement as the page lists it; for staff, the prepare form: the templates that fit the
 * transaction's side (a listing agreement for a sale, a buyer agreement for a purchase) and its PDFs, the one chosen
 * (`?agreementFrom=`; else the first template), that template's fields only, prefilled from the records and the
 * broker's settings, and the default dates (a listing: six months; a buyer agreement: 90 days, never past the
 * three months the law allows).
 */
export function agreementsData(
  db: Db,
  actor: User,
  transaction: Transaction,
  pdfs: Array<{ id: number; name: string }> = [],
  query: URLSearchParams | null = null,
  now = new Date(),
) {
  const list = listAgreements(db, actor, transaction.id).map((a) => listedAgreement(a, actor.id));
  if (!isStaff(actor)) return { list, prepare: null };
  const kind: "listing" | "buyer" = transaction.type === "selling" ? "listing" : "buyer";
  const templates = listTemplates(db, actor).filter((t) => t.kind === kind);
  const asked = chosenSource(query);
  const chosen: PrepareSource | null =
    asked &&
    (asked.kind === "template" ? templates.some((t) => t.id === asked.id) : pdfs.some((d) => d.id === asked.id))
      ? asked
      : templates[0]
        ? { kind: "template", id: templates[0].id }
        : null;
  const template = chosen?.kind === "template" ? templates.find((t) => t.id === chosen.id) : undefined;
  const today = todayIn(now);
  const prefilled = { ...prefilledFields(db, transaction) };
  const { buyerCompensation } = agreementDefaults(db);
  const endsOn =
    kind === "listing" ? addMonthsTo(today, 6) : [addDaysTo(today, 90), buyerAgreementLastDay(today)].sort()[0]!;
  return {
    list,
    prepare: {
      templates: templates.map((t) => ({ id: t.id, name: t.name, kind: t.kind, version: t.version })),
      pdfs,
      chosen,
      /** The chosen template's fields in the form's order, with their labels and prefilled values. */
      fields: template
        ? fieldsOf(template.body).map((name) => ({ name, label: fieldLabel(name), value: prefilled[name] ?? "" }))
        : [],
      startsOn: today,
      endsOn,
      open: asked !== null,
      kind,
      /** The broker's usual buyer's broker compensation (/admin/settings), structured; null: none set. */
      compensation: buyerCompensation,
      protectionDays: DEFAULT_PROTECTION_DAYS,
      documents: documentNames(db, actor, transaction.id, { limit: 100 }),
      clientName: fullName(getUserById(db, transaction.userId)) || "",
    },
  };
}

export type AgreementsData = ReturnType<typeof agreementsData>;

/** What the prepare form shows again after a refusal: each field's error beside it, and what was typed. */
export type AgreementActionData = {
  intent: typeof agreementIntents.prepare | typeof agreementIntents.record;
  message: string;
  errors: Record<string, string[]>;
  values: Record<string, string>;
};

export const agreementSection: Section<typeof agreementIntents> = {
  intents: agreementIntents,
  async act(ctx, intent, formData) {
    try {
      if (ctx.transactionId === undefined) throw new NotFoundError("Transaction not found");
      if (intent === agreementIntents.prepare) {
        const client = getUserById(ctx.db, getTransaction(ctx.db, ctx.actor, ctx.transactionId).userId)!;
        try {
          const input = parseSectionForm(
            prepareAgreementSchema,
            prepareFromForm(formData, { name: fullName(client), email: client.email }),
          );
          const prepared = await prepareAgreement(ctx.db, ctx.actor, agreementPaper(), ctx.transactionId, input);
          return redirectWithToast(backTo(ctx, "agreements"), {
            title: "Prepared",
            description: `"${prepared.title}" is ready to send.`,
          });
        } catch (error) {
          // A refused form comes back with each field's error beside it (and the toast of its message).
          const status = statusOf(error);
          if (status !== 400) throw error;
          const refused = error as InvalidInputError;
          const values = Object.fromEntries(
            [...formData.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
          );
          return data<AgreementActionData>(
            { intent: agreementIntents.prepare, message: refused.message, errors: formErrors(refused), values },
            { status: 400 },
          );
        }
      }
      if (intent === agreementIntents.record) {
        try {
          const input = parseSectionForm(recordAgreementSchema, recordFromForm(formData));
          const recorded = recordAgreement(ctx.db, ctx.actor, ctx.transactionId, input);
          return redirectWithToast(backTo(ctx, "agreements"), {
            title: "Recorded",
            description: `"${recorded.title}" is recorded: it counts as the agreement in force.`,
          });
        } catch (error) {
          if (statusOf(error) !== 400) throw error;
          const refused = error as InvalidInputError;
          const values = Object.fromEntries(
            [...formData.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
          );
          return data<AgreementActionData>(
            {
              intent: agreementIntents.record,
              message: refused.message,
              errors: formErrors(refused, "record"),
              values,
            },
            { status: 400 },
          );
        }
      }
      const id = Number(formData.get("agreementId"));
      if (!Number.isInteger(id) || id <= 0) throw new NotFoundError("Agreement not found");
      if (intent === agreementIntents.protectionList) {
        const names = String(formData.get("names") ?? "")
          .split(/\r?\n/)
          .map((n) => n.trim())
          .filter(Boolean);
        const { names: list } = parseSectionForm(protectionListSchema, { names });
        sendProtectionList(ctx.db, ctx.actor, id, list);
        return redirectWithToast(backTo(ctx, "agreements"), {
          title: "Sent",
          description: "The seller is e-mailed the list of buyers, and sees it in their portal.",
        });
      }
      if (intent === agreementIntents.resend) {
        const signerId = Number(formData.get("signerId"));
        if (!Number.isInteger(signerId) || signerId <= 0)
          throw new NotFoundError("No such co-signer on this agreement");
        resendSigningLink(ctx.db, ctx.actor, id, signerId);
        return redirectWithToast(backTo(ctx, "agreements"), {
          title: "Sent",
          description: "The co-signer is e-mailed a new link; the old one no longer works.",
        });
      }
      if (intent === agreementIntents.retrySeal) {
        const sealed = await retrySeal(ctx.db, ctx.actor, agreementPaper(), id);
        return redirectWithToast(backTo(ctx, "agreements"), {
          title: sealed ? "Sealed" : "Still not sealed",
          description: sealed
            ? "The signed copy is made and e-mailed to everyone."
            : "The seal failed again; the server keeps trying.",
          ...(sealed ? {} : { variant: "destructive" as const }),
        });
      }
      if (intent === agreementIntents.send) {
        sendAgreement(ctx.db, ctx.actor, id);
        return redirectWithToast(backTo(ctx, "agreements"), {
          title: "Sent",
          description: "The signers are e-mailed.",
        });
      }
      voidAgreement(ctx.db, ctx.actor, id);
      return redirectWithToast(backTo(ctx, "agreements"), {
        title: "Voided",
        description: "It can no longer be signed.",
      });
    } catch (error) {
      return refuse(error, { back: backTo(ctx, "agreements") });
    }
  },
};

/**
 * A refusal's field errors under the prepare form's own names: the API's `fields.flatFee` is the form's
 * `field.flatFee`, its `signers` the co-signer's fields; any other name as it is.
 */
function formErrors(error: InvalidInputError, form: "prepare" | "record" = "prepare"): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(error.fieldErrors)) {
    const key = name.startsWith("fields.")
      ? `field.${name.slice(7)}`
      : name === "signers" && form === "prepare"
        ? "cosignerEmail"
        : name;
    out[key] = [...(out[key] ?? []), ...messages];
  }
  return out;
}
