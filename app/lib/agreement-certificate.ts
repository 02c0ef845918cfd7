/**
 * What the signed copy of an agreement says after the document (docs/agreements.md): the signature page
 * (each typed name with the date and time) and the certificate of completion (each signer's name, e-mail,
 * consent, view and signing times in UTC and San Diego time, address and browser; the SHA-256 of the
 * unsigned PDF; the events in order). Pure: app/infra/agreement-pdf.server.ts lays it out.
 */
import { AGENCY_TIME_ZONE } from "~/lib/plain-date";

export type CertificateSigner = {
  name: string;
  email: string;
  role: "client" | "cosigner" | "agent";
  typedName: string | null;
  consentedAt: Date | null;
  consentIp: string | null;
  consentBrowser: string | null;
  viewedAt: Date | null;
  viewIp: string | null;
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

const ROLE = { client: "Client", cosigner: "Co-signer", agent: "Broker / agent" } as const;

export type CertificateSection = { heading: string; lines: string[] };

/** The signature page: each signer's typed name as their signature, with its date and time. */
export function signaturePage(input: CertificateInput): CertificateSection[] {
  return input.signers.map((s) => ({
    heading: `${ROLE[s.role]}: ${s.name}`,
    lines: [s.typedName ?? "", `Signed electronically on ${bothTimes(s.signedAt)} (${s.email})`],
  }));
}

/** The certificate of completion, section by section. */
export function certificateOfCompletion(input: CertificateInput): CertificateSection[] {
  const events: Array<{ at: Date; text: string }> = [
    { at: input.createdAt, text: "Prepared" },
    ...(input.sentAt ? [{ at: input.sentAt, text: "Sent for signature" }] : []),
  ];
  for (const s of input.signers) {
    if (s.consentedAt) events.push({ at: s.consentedAt, text: `${s.name} consented to sign electronically` });
    if (s.viewedAt) events.push({ at: s.viewedAt, text: `${s.name} opened the document` });
    if (s.signedAt) events.push({ at: s.signedAt, text: `${s.name} signed` });
  }
  events.push({ at: input.completedAt, text: "Completed and sealed" });
  events.sort((a, b) => a.at.getTime() - b.at.getTime());
  return [
    {
      heading: "Document",
      lines: [
        `${input.title} (agreement ${input.agreementId}, ${input.unsignedPages} page${input.unsignedPages === 1 ? "" : "s"} before these)`,
        `SHA-256 of the unsigned PDF: ${input.unsignedSha256}`,
        `Sealed by ${input.brokerage} with its certificate as a PDF digital signature: any later change to this file shows in a PDF reader.`,
      ],
    },
    ...input.signers.map((s) => ({
      heading: `${ROLE[s.role]}: ${s.name} <${s.email}>`,
      lines: [
        `Consented to sign electronically: ${bothTimes(s.consentedAt)}, from ${s.consentIp ?? "unknown address"}, ${s.consentBrowser ?? "unknown browser"}`,
        `Opened the document: ${bothTimes(s.viewedAt)}${s.viewIp ? `, from ${s.viewIp}` : ""}`,
        `Signed as "${s.typedName ?? ""}": ${bothTimes(s.signedAt)}, from ${s.signIp ?? "unknown address"}, ${s.signBrowser ?? "unknown browser"}`,
      ],
    })),
    { heading: "Events", lines: events.map((e) => `${bothTimes(e.at)}: ${e.text}`) },
  ];
}
