/**
 * What the signed copy of an agreement says after the document (docs/agreements.md): the signature page
 * (each typed name with the date and time; an admin in the broker's seat "for <brokerage>, broker (DRE #…)")
 * and the certificate of completion (each signer's name, e-mail, consent with the version of the disclosure
 * they read, the agency disclosure's version acknowledged (its pages come before the signatures), opening and signing times in UTC and San Diego time, address and browser; the
 * SHA-256 of the unsigned PDF; only the events that happened, in order; the disclosures' texts). Pure:
 * app/infra/agreement-pdf.server.ts lays it out.
 */
import { SIGNER_ROLE_LABELS } from "~/lib/agreement-rules";
import { AGENCY_TIME_ZONE } from "~/lib/plain-date";

export type CertificateSigner = {
  name: string;
  email: string;
  role: "client" | "cosigner" | "agent";
  /** Signed in the broker's seat, for the brokerage, by the person named. */
  forBroker: boolean;
  typedName: string | null;
  consentedAt: Date | null;
  consentIp: string | null;
  consentBrowser: string | null;
  /** The id of the E-SIGN disclosure's version they consented to (`disclosures`). */
  consentDisclosureId: number | null;
  consentWithdrawnAt: Date | null;
  agencyDisclosureAt: Date | null;
  /** The version of the agency disclosure they acknowledged (`agencyDisclosures`). */
  agencyDisclosureId: number | null;
  viewedAt: Date | null;
  viewIp: string | null;
  viewBrowser: string | null;
  signedAt: Date | null;
  signIp: string | null;
  signBrowser: string | null;
};

export type CertificateInput = {
  agreementId: number;
  title: string;
  brokerage: string;
  unsignedSha256: string;
  unsignedPages: number;
  createdAt: Date;
  sentAt: Date | null;
  completedAt: Date;
  signers: CertificateSigner[];
  /** "Coastline Flat Fee Realty, broker (DRE #02212345)": whom the broker's seat is signed for. */
  brokerSeat: string;
  /** The E-SIGN disclosures the signers consented to, by id, with their version and text. */
  disclosures: Array<{ id: number; version: number; body: string }>;
  /** The agency disclosures (Civil Code §2079.16) the signers acknowledged, by id: their pages precede the signatures. */
  agencyDisclosures: Array<{ id: number; version: number; body: string }>;
};

const sanDiego = new Intl.DateTimeFormat("en-US", {
  timeZone: AGENCY_TIME_ZONE,
  dateStyle: "medium",
  timeStyle: "long",
});

/** "2026-11-27 15:04:05 UTC (Nov 27, 2026, 7:04:05 AM PST, San Diego)". */
export function bothTimes(at: Date | null): string {
  if (!at) return "not recorded";
  return `${at.toISOString().slice(0, 19).replace("T", " ")} UTC (${sanDiego.format(at)}, San Diego)`;
}

export type CertificateSection = { heading: string; lines: string[] };

/** Who a signer signs as: "Client", or an admin in the broker's seat "for <brokerage>, broker (DRE #…)". */
const signsAs = (s: CertificateSigner, input: Pick<CertificateInput, "brokerSeat">) =>
  s.forBroker ? `for ${input.brokerSeat}` : SIGNER_ROLE_LABELS[s.role];

/** The signature page: each signer's typed name as their signature, with its date and time. */
export function signaturePage(input: CertificateInput): CertificateSection[] {
  return input.signers.map((s) => ({
    heading: s.forBroker ? `${s.name}, ${signsAs(s, input)}` : `${signsAs(s, input)}: ${s.name}`,
    lines: [s.typedName ?? "", `Signed electronically on ${bothTimes(s.signedAt)} (${s.email})`],
  }));
}

const versionOf = (input: CertificateInput, id: number | null) =>
  input.disclosures.find((d) => d.id === id)?.version ?? null;

const agencyVersionOf = (input: CertificateInput, id: number | null) =>
  input.agencyDisclosures.find((d) => d.id === id)?.version ?? null;

/**
 * The agency disclosure's pages of the signed copy (Civil Code §§2079.14, 2079.16): each version acknowledged, in
 * full, with who acknowledged it and when.
 */
export function agencyDisclosurePages(
  input: CertificateInput,
): Array<{ version: number; body: string; acknowledged: string[] }> {
  return input.agencyDisclosures.map((d) => ({
    version: d.version,
    body: d.body,
    acknowledged: input.signers
      .filter((s) => s.agencyDisclosureId === d.id && s.agencyDisclosureAt)
      .map((s) => `Receipt acknowledged by ${s.name} <${s.email}> on ${bothTimes(s.agencyDisclosureAt)}`),
  }));
}

/** The certificate of completion, section by section: only what happened, each with its time and place. */
export function certificateOfCompletion(input: CertificateInput): CertificateSection[] {
  const events: Array<{ at: Date; text: string }> = [
    { at: input.createdAt, text: "Prepared" },
    ...(input.sentAt ? [{ at: input.sentAt, text: "Sent for signature" }] : []),
  ];
  for (const s of input.signers) {
    if (s.consentedAt) events.push({ at: s.consentedAt, text: `${s.name} consented to sign electronically` });
    if (s.agencyDisclosureAt)
      events.push({ at: s.agencyDisclosureAt, text: `${s.name} acknowledged the agency disclosure` });
    if (s.viewedAt) events.push({ at: s.viewedAt, text: `${s.name} opened the document` });
    if (s.signedAt) events.push({ at: s.signedAt, text: `${s.name} signed` });
    if (s.consentWithdrawnAt)
      events.push({ at: s.consentWithdrawnAt, text: `${s.name} withdrew their consent to sign electronically` });
  }
  events.push({ at: input.completedAt, text: "Completed and sealed" });
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  const used = input.disclosures.filter((d) => input.signers.some((s) => s.consentDisclosureId === d.id));
  return [
    {
      heading: "Document",
      lines: [
        `${input.title} (agreement ${input.agreementId}, ${input.unsignedPages} page${input.unsignedPages === 1 ? "" : "s"} before these)`,
        `SHA-256 of the unsigned PDF: ${input.unsignedSha256}`,
        `Sealed by ${input.brokerage} with its certificate as a PDF digital signature: any later change to this file shows in a PDF reader.`,
      ],
    },
    ...input.signers.map((s) => {
      const version = versionOf(input, s.consentDisclosureId);
      const lines = [
        s.consentedAt
          ? `Consented to sign electronically${version ? ` (disclosure version ${version})` : ""}: ${bothTimes(s.consentedAt)}, from ${s.consentIp ?? "unknown address"}, ${s.consentBrowser ?? "unknown browser"}`
          : null,
        s.agencyDisclosureAt
          ? `Acknowledged the agency disclosure${agencyVersionOf(input, s.agencyDisclosureId) ? ` (version ${agencyVersionOf(input, s.agencyDisclosureId)}, its pages before the signatures)` : ""}: ${bothTimes(s.agencyDisclosureAt)}`
          : null,
        s.viewedAt
          ? `Opened the document: ${bothTimes(s.viewedAt)}, from ${s.viewIp ?? "unknown address"}, ${s.viewBrowser ?? "unknown browser"}`
          : null,
        s.signedAt
          ? `Signed as "${s.typedName ?? ""}": ${bothTimes(s.signedAt)}, from ${s.signIp ?? "unknown address"}, ${s.signBrowser ?? "unknown browser"}`
          : null,
        s.consentWithdrawnAt ? `Withdrew consent: ${bothTimes(s.consentWithdrawnAt)}` : null,
      ];
      return {
        heading: `${s.forBroker ? `${s.name} <${s.email}>, ${signsAs(s, input)}` : `${signsAs(s, input)}: ${s.name} <${s.email}>`}`,
        lines: lines.filter((l): l is string => l !== null),
      };
    }),
    { heading: "Events", lines: events.map((e) => `${bothTimes(e.at)}: ${e.text}`) },
    ...used.map((d) => ({
      heading: `The disclosure consented to (version ${d.version})`,
      lines: d.body
        .split(/\n\s*\n/)
        .map((p) =>
          p
            .replace(/^# /, "")
            .replace(/\s*\n\s*/g, " ")
            .trim(),
        )
        .filter(Boolean),
    })),
  ];
}
