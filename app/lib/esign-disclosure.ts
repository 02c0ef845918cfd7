/**
 * The consumer disclosure a signer reads before consenting to sign electronically (E-SIGN, 15 U.S.C. §7001(c);
 * DOMAIN.md, "Agreements and electronic signatures"): the right to paper and its fee, withdrawing consent and what
 * follows, what the consent covers, updating the e-mail address, what is needed to open the records. A text with
 * legal weight, so it is versioned data (app/models/consent-disclosure.server.ts), the version recorded with each
 * consent and printed on the certificate; this is its seeded first version, with the office's details filled in.
 */

/** The office's details the disclosure names (app/config/site.ts). */
export type DisclosureOffice = { name: string; email: string; phone: string };

/** What every version must say, each found by a word of its heading (the admin's new version is checked). */
export const DISCLOSURE_TOPICS = [
  { heading: "Paper copies", why: "the right to paper copies, how to ask and the fee" },
  { heading: "Withdrawing", why: "how to withdraw consent and what follows" },
  { heading: "What this consent covers", why: "what the consent covers" },
  { heading: "Your e-mail address", why: "how to update the e-mail address" },
  { heading: "What you need", why: "the hardware and software needed" },
] as const;

/** The seeded disclosure: `# ` headings and paragraphs, like the agreement templates. */
export function seededDisclosure(office: DisclosureOffice): string {
  return `# Consent to sign electronically

${office.name} asks you to receive and sign this agreement, and the notices about it, electronically. Please read this before you consent.

# What this consent covers

This agreement, the records of it we send you (the signed copy and its certificate of completion), and the notices about this agreement. It does not cover any other agreement: each asks for its own consent.

# Paper copies

You may ask for a paper copy of this agreement or of any record of it at any time, by e-mail to ${office.email} or by phone at ${office.phone}. There is no fee.

# Withdrawing your consent

You may withdraw your consent at any time, on the signing page or by writing to ${office.email}. The agreement then waits for you and we offer it to you on paper. Withdrawing never undoes a signature you have already given: what you signed electronically stays signed.

# Your e-mail address

We send the records to the e-mail address you sign in with. When it changes, tell your agent or write to ${office.email}, so the records keep reaching you.

# What you need

A device with a current web browser and a PDF reader (every current browser opens PDFs). If you can open the agreement's PDF from the signing page, you can read the records we send you.

To keep a copy, save the PDF (your browser's Download or Save button, or the copy attached to the e-mail we send when everyone has signed) and print it from your PDF reader if you want it on paper. We keep the signed copy too, and send it again on request.`;
}

/** What a new version of the disclosure leaves out (each topic's heading word), or an empty list. */
export function disclosureErrors(body: string): string[] {
  return DISCLOSURE_TOPICS.filter((t) => !body.toLowerCase().includes(t.heading.toLowerCase())).map(
    (t) => `Keep the section "${t.heading}": ${t.why}`,
  );
}
