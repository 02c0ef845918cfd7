/**
 * A commission disbursement authorization's PDF (app/models/cda.server.ts): escrow's copy (the property, the escrow
 * number, the parties, the expected closing, each payee to the cent) or the brokerage's (the same, with the split
 * between the brokerage and its agent), laid out by pdfkit, then the broker's approval page, sealed with the
 * brokerage's certificate (app/infra/pdf-seal.server.ts), as the signed agreements are.
 */
import { env } from "~/config/env.server";
import { collect, pdfText, sealCertificate } from "~/infra/agreement-pdf.server";
import { fileStore } from "~/infra/file-store.server";
import { sealPdf, type SealCertificate } from "~/infra/pdf-seal.server";
import { formatMoneyExact } from "~/lib/money";
import { formatDateTimeIn, formatDayWords } from "~/lib/plain-date";
import type { CdaPaper, CdaPdfInput } from "~/models/cda.server";
import type { FileStore } from "~/models/files.server";

const title = (input: CdaPdfInput) =>
  `Commission disbursement authorization, version ${input.version}${input.copy === "brokerage" ? " (brokerage's copy)" : ""}`;

/** The authorization itself: the property, escrow's details, the amounts to disburse; the brokerage's copy the split. */
function cdaDocument(input: CdaPdfInput): Promise<Buffer> {
  return collect(
    (doc) => {
      doc
        .font("Helvetica-Bold")
        .fontSize(16)
        .text(pdfText(title(input)));
      doc
        .font("Helvetica")
        .fontSize(10)
        .text(pdfText(`${input.brokerage} · DRE #${input.license}`))
        .moveDown();
      const row = (label: string, value: string) =>
        doc
          .font("Helvetica-Bold")
          .fontSize(10.5)
          .text(pdfText(label), { continued: true })
          .font("Helvetica")
          .text(pdfText(` ${value}`));
      row("Property:", input.propertyAddress);
      row("Escrow number:", input.escrow.escrowNumber);
      row("Escrow officer:", input.escrowEmail);
      row(input.escrow.sellers.length > 1 ? "Sellers:" : "Seller:", input.escrow.sellers.join(", "));
      row(input.escrow.buyers.length > 1 ? "Buyers:" : "Buyer:", input.escrow.buyers.join(", "));
      row("Expected closing:", formatDayWords(input.escrow.closingOn));
      if (input.supersedes) row("Supersedes:", `version ${input.supersedes}`);
      doc.moveDown();
      doc.font("Helvetica-Bold").fontSize(12).text("To be disbursed at closing").moveDown(0.3);
      row("Gross commission:", formatMoneyExact(input.grossCents));
      if (input.referralCents && input.referral) {
        row(
          `Referral fee to ${input.referral.broker} (DRE #${input.referral.license}), paid first:`,
          formatMoneyExact(input.referralCents),
        );
      }
      row(`To ${input.brokerage} (DRE #${input.license}):`, formatMoneyExact(input.grossCents - input.referralCents));
      doc.moveDown();
      if (input.copy === "brokerage") {
        doc.font("Helvetica-Bold").fontSize(12).text("The split, for the brokerage's records").moveDown(0.3);
        row("Agent:", input.agentName);
        for (const line of input.lines) doc.font("Helvetica").fontSize(10.5).text(pdfText(line));
        if (input.escrow.licenseOverride) {
          doc
            .moveDown(0.3)
            .font("Helvetica")
            .fontSize(10.5)
            .text(
              pdfText(
                `Approved despite the agent's license, with the broker's reason: ${input.escrow.licenseOverride}`,
              ),
            );
        }
        doc.moveDown();
      }
      doc
        .font("Helvetica")
        .fontSize(9.5)
        .text(
          pdfText(
            `Escrow pays the commission to ${input.brokerage}, the employing broker, which pays its agent (B&P 10137). ` +
              "Amounts in US dollars.",
          ),
        );
    },
    title(input),
    input.brokerage,
  );
}

/** The broker's approval: who approved, when; the seal's signature covers the whole file. */
function approvalPage(input: CdaPdfInput): Promise<Buffer> {
  return collect(
    (doc) => {
      doc.font("Helvetica-Bold").fontSize(16).text("Broker's approval").moveDown(0.5);
      doc
        .font("Helvetica")
        .fontSize(10.5)
        .text(
          pdfText(
            `Approved by ${input.approvedBy} for ${input.brokerage} (DRE #${input.license}) on ${formatDateTimeIn(input.approvedAt)}`,
          ),
        )
        .moveDown()
        .fontSize(9.5)
        .text(
          "This file is signed with the brokerage's certificate: a PDF reader shows any change made after signing.",
        );
    },
    `${title(input)}: approval`,
    input.brokerage,
  );
}

/** The CDA's paper for the model: the site's file store and seal, or others given (the unit tests'). */
export function cdaPaper(
  files: FileStore = fileStore(),
  certificate: () => SealCertificate = sealCertificate,
): CdaPaper {
  return {
    files,
    async cdaPdf(input) {
      const config = env();
      return sealPdf(await cdaDocument(input), await approvalPage(input), certificate(), {
        reason: `Commission disbursement authorization approved by ${input.approvedBy}`,
        name: config.site.name,
        location: "San Diego, California",
        contactInfo: config.site.email,
        signingTime: input.approvedAt,
      });
    },
  };
}
