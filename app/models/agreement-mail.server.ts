/**
 * The e-mails of an agreement (the steps in app/models/agreement-prepare.server.ts, agreement-signing.server.ts and
 * agreement-seal.server.ts): a request to sign (a client's link to the portal, a co-signer's own single-use link),
 * the countersigner's turn, a decline, a void, and the signed copy to every party (attached: B&P §10142). Each is
 * queued in the database transaction of the step that causes it.
 */
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "~/db/client.server";
import { agreementSigners, type Agreement, type AgreementSigner } from "~/db/schema";
import { fullName } from "~/lib/format";
import { env } from "~/config/env.server";
import { SIGNING_LINK_DAYS } from "~/lib/agreement-rules";
import { queuePlainEmail } from "~/models/plain-mail.server";
import { adminRecipients } from "~/models/staff-recipients.server";
import { performersOf } from "~/models/broker-duties.server";
import { tabPath } from "~/lib/workspace-tabs";

export const signingUrl = (appUrl: string, agreementId: number) => `${appUrl}/agreements/${agreementId}/sign`;
const linkUrl = (appUrl: string, token: string) => `${appUrl}/sign/${token}`;

/** One agreement e-mail: a heading (its subject), its lines and an optional button, to one person. */
export function mailAgreement(
  tx: DbOrTx,
  agreement: Pick<Agreement, "id" | "transactionId">,
  to: { email: string; name: string | null },
  subject: string,
  lines: string[],
  action: { label: string; url: string } | null,
  now: Date,
  attachments?: Array<{ filename: string; contentType: string; key: string }>,
) {
  queuePlainEmail(
    tx,
    {
      kind: "agreement",
      to: { address: to.email, name: to.name },
      subject,
      lines,
      action,
      transactionId: agreement.transactionId,
      ...(attachments?.length ? { attachments } : {}),
    },
    now,
  );
}

/**
 * Who on staff hears of an agreement: its agent; the broker's seat before someone takes it, those who may sign it
 * (the broker and the licensees they named to countersign: app/models/broker-duties.server.ts), the named one once
 * one is; with nobody who may, the admins.
 */
export function agreementStaff(
  tx: DbOrTx,
  agreement: Pick<Agreement, "id">,
): Array<{ email: string; name: string | null }> {
  const counter = tx
    .select()
    .from(agreementSigners)
    .where(and(eq(agreementSigners.agreementId, agreement.id), eq(agreementSigners.role, "agent")))
    .get();
  if (counter?.userId) return [{ email: counter.email, name: counter.name || null }];
  const countersigners = performersOf(tx, "countersign").map((u) => ({ email: u.email, name: fullName(u) || null }));
  return countersigners.length ? countersigners : adminRecipients(tx).map((a) => ({ email: a.address, name: a.name }));
}

/** Please sign: a client or the countersigner opens the signing page; a co-signer their link (`token`). */
export function mailSignRequest(
  tx: DbOrTx,
  agreement: Pick<Agreement, "id" | "transactionId" | "title">,
  signer: AgreementSigner,
  token: string | null,
  now: Date,
) {
  const { appUrl } = env().mail;
  const url = token ? linkUrl(appUrl, token) : signingUrl(appUrl, agreement.id);
  if (signer.role === "agent") {
    const lines = [
      `Every client has signed "${agreement.title}". It is your turn to countersign.`,
      ...(signer.forBroker && !signer.userId
        ? [
            `The broker, or a licensee the broker named to countersign, signs it for ${env().site.name}, in their own name.`,
          ]
        : []),
    ];
    for (const to of signer.userId ? [signer] : agreementStaff(tx, agreement)) {
      mailAgreement(
        tx,
        agreement,
        to,
        `Please sign: ${agreement.title}`,
        lines,
        { label: "Review and sign", url },
        now,
      );
    }
    return;
  }
  const lines = [
    `${env().site.name} asks you to sign "${agreement.title}" electronically.`,
    token
      ? `This link is yours alone: it works once, for ${SIGNING_LINK_DAYS} days, and only to sign as ${signer.email}.`
      : "Sign in to the portal to read the agreement, consent to sign electronically and sign.",
  ];
  mailAgreement(
    tx,
    agreement,
    signer,
    `Please sign: ${agreement.title}`,
    lines,
    { label: "Review and sign", url },
    now,
  );
}

/** What happened to an agreement, told to one signer: declined, voided, or signed by everyone (with the copy's link). */
export function mailAgreementEvent(
  tx: DbOrTx,
  agreement: Pick<Agreement, "id" | "transactionId" | "title">,
  signer: AgreementSigner,
  event: "declined" | "voided" | "signed",
  details: { by?: string; reason?: string; token?: string | null; sealedKey?: string },
  now: Date,
) {
  const { appUrl } = env().mail;
  if (event === "declined") {
    mailAgreement(
      tx,
      agreement,
      signer,
      `Declined: ${agreement.title}`,
      [`${details.by} declined to sign "${agreement.title}".`, `Their reason: ${details.reason}`],
      null,
      now,
    );
  } else if (event === "voided") {
    mailAgreement(
      tx,
      agreement,
      signer,
      `Voided: ${agreement.title}`,
      [`"${agreement.title}" was voided and can no longer be signed.`],
      null,
      now,
    );
  } else {
    const url = details.token ? linkUrl(appUrl, details.token) : `${appUrl}/agreements/${agreement.id}.pdf`;
    mailAgreement(
      tx,
      agreement,
      signer,
      `Signed by everyone: ${agreement.title}`,
      [
        `Everyone has signed "${agreement.title}". The signed copy is attached: it carries each signature, the disclosures acknowledged and a certificate of completion, sealed by ${env().site.name}.`,
        "Keep it for your records (save the attachment, or print it).",
      ],
      { label: "Download the signed copy", url },
      now,
      // A copy at signing (Bus. & Prof. Code §10142), the sealed PDF itself: no link to expire.
      details.sealedKey
        ? [{ filename: `${agreement.title} (signed).pdf`, contentType: "application/pdf", key: details.sealedKey }]
        : undefined,
    );
  }
}

/** A note to the agreement's staff (a consent withdrawn, a seal that failed), with the agreement's page. */
export function mailAgreementStaff(
  tx: DbOrTx,
  agreement: Pick<Agreement, "id" | "transactionId" | "title">,
  subject: string,
  lines: string[],
  now: Date,
) {
  const { appUrl } = env().mail;
  const url = agreement.transactionId
    ? `${appUrl}${tabPath(agreement.transactionId, "agreements")}#agreements`
    : signingUrl(appUrl, agreement.id);
  for (const to of agreementStaff(tx, agreement)) {
    mailAgreement(tx, agreement, to, subject, lines, { label: "Open the agreement", url }, now);
  }
}
