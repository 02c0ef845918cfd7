/**
 * The PDFs of an agreement, laid out by pdfkit: the unsigned agreement from its template's filled text
 * (app/lib/agreement-template.ts), and the pages appended to the signed copy (the signature page and the
 * certificate of completion, app/lib/agreement-certificate.ts); `agreementPaper` hands them to the models with
 * the seal (app/infra/pdf-seal.server.ts) and the file store.
 */
import { Readable } from "node:stream";
import PDFDocument from "pdfkit";
import { PDFDocument as PdfLib } from "pdf-lib";
import { env } from "~/config/env.server";
import type { Db } from "~/db/client.server";
import { contentDisposition } from "~/infra/document-download.server";
import { fileStore } from "~/infra/file-store.server";
import { loadSealCertificate, sealableError, sealPdf, type SealCertificate } from "~/infra/pdf-seal.server";
import {
  agencyDisclosurePages,
  certificateOfCompletion,
  signaturePage,
  type CertificateSection,
} from "~/lib/agreement-certificate";
import { templateBlocks, type TemplateBlock } from "~/lib/agreement-template";
import { type AgreementPaper, type SignerKey } from "~/models/agreement-access.server";
import { agreementFile } from "~/models/agreement-signing.server";
import type { FileStore } from "~/models/files.server";

/** pdfkit's standard fonts write WinAnsi: what it lacks is spelled out. */
export const pdfText = (text: string) =>
  text
    .replace(/[−–—]/g, "-")
    .replace(/[“”]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/[^\x20-\x7E\xA0-\xFF\n]/g, "?");

export function collect(build: (doc: PDFKit.PDFDocument) => void, title: string, author: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: "LETTER", margin: 64, info: { Title: pdfText(title), Author: pdfText(author) } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  build(doc);
  doc.end();
  return done;
}

/** The agreement as its signers read it: headings, paragraphs, the bold notices at 10 points or more. */
export function agreementPdf(blocks: TemplateBlock[], options: { title: string; brokerage: string }): Promise<Buffer> {
  return collect(
    (doc) => {
      for (const [i, block] of blocks.entries()) {
        if (block.kind === "heading") {
          doc
            .font("Helvetica-Bold")
            .fontSize(i === 0 ? 16 : 12)
            .text(pdfText(block.text));
          doc.moveDown(0.4);
        } else {
          doc
            .font(block.kind === "bold" ? "Helvetica-Bold" : "Helvetica")
            .fontSize(block.kind === "bold" ? 11 : 10.5)
            .text(pdfText(block.text), { align: "left" });
          doc.moveDown(0.7);
        }
      }
    },
    options.title,
    options.brokerage,
  );
}

/**
 * The pages after the document: the agency disclosure acknowledged (each version, in full, with who acknowledged it
 * and when), "Signatures", then "Certificate of completion".
 */
export function appendixPdf(
  signatures: CertificateSection[],
  certificate: CertificateSection[],
  options: { title: string; brokerage: string },
  agency: Array<{ version: number; body: string; acknowledged: string[] }> = [],
): Promise<Buffer> {
  const sections = (doc: PDFKit.PDFDocument, list: CertificateSection[], signatureFont: boolean) => {
    for (const section of list) {
      doc.font("Helvetica-Bold").fontSize(11).text(pdfText(section.heading));
      for (const [i, line] of section.lines.entries()) {
        const asSignature = signatureFont && i === 0;
        doc
          .font(asSignature ? "Times-Italic" : "Helvetica")
          .fontSize(asSignature ? 14 : 9.5)
          .text(pdfText(line));
      }
      doc.moveDown(0.8);
    }
  };
  return collect(
    (doc) => {
      for (const disclosure of agency) {
        for (const block of templateBlocks(disclosure.body)) {
          if (block.kind === "heading") doc.moveDown(0.4).font("Helvetica-Bold").fontSize(11).text(pdfText(block.text));
          else
            doc
              .font(block.kind === "bold" ? "Helvetica-Bold" : "Helvetica")
              .fontSize(9.5)
              .text(pdfText(block.text));
          doc.moveDown(0.3);
        }
        doc
          .moveDown(0.5)
          .font("Helvetica")
          .fontSize(8.5)
          .text(
            pdfText(
              `Version ${disclosure.version}. Civil Code Sections 2079.13 to 2079.24, inclusive, are at https://leginfo.legislature.ca.gov (Civil Code, Division 3, Part 4, Title 6, Chapter 3, Article 2).`,
            ),
          )
          .moveDown(0.5);
        for (const line of disclosure.acknowledged) doc.font("Helvetica-Bold").fontSize(9.5).text(pdfText(line));
        doc.addPage();
      }
      doc.font("Helvetica-Bold").fontSize(16).text("Signatures");
      doc.font("Helvetica").fontSize(10).text(pdfText(options.title)).moveDown();
      sections(doc, signatures, true);
      doc.addPage();
      doc.font("Helvetica-Bold").fontSize(16).text("Certificate of completion");
      doc
        .font("Helvetica")
        .fontSize(10)
        .text(pdfText(`${options.title} · ${options.brokerage}`))
        .moveDown();
      sections(doc, certificate, false);
    },
    `${options.title}: signatures`,
    options.brokerage,
  );
}

/** How many pages a PDF has (the certificate names the document's own), or null when it cannot be read. */
export async function pageCount(pdf: Uint8Array): Promise<number | null> {
  try {
    return (await PdfLib.load(pdf, { ignoreEncryption: true, updateMetadata: false })).getPageCount();
  } catch {
    return null;
  }
}

let certificate: SealCertificate | null = null;

/** The seal's certificate: SIGNING_P12, else the self-signed one beside the database (made at first start). */
export function sealCertificate(): SealCertificate {
  const config = env();
  certificate ??= loadSealCertificate({ ...config.signingP12, commonName: config.site.name });
  return certificate;
}

/**
 * The PDFs of agreements as the models ask for them (app/models/agreement-access.server.ts `AgreementPaper`): the
 * site's file store and seal certificate, or others given (the unit tests' and the bench's).
 */
export function agreementPaper(
  files: FileStore = fileStore(),
  certificate: () => SealCertificate = sealCertificate,
): AgreementPaper {
  return {
    files,
    agreementPdf,
    sealableError,
    async signedPdf(unsigned, input) {
      const pages = (await pageCount(unsigned)) ?? 0;
      const full = { ...input, unsignedPages: pages };
      const options = { title: input.title, brokerage: input.brokerage };
      const appendix = await appendixPdf(
        signaturePage(full),
        certificateOfCompletion(full),
        options,
        agencyDisclosurePages(full),
      );
      const config = env();
      return sealPdf(unsigned, appendix, certificate(), {
        reason: `Signed by ${input.signers.map((s) => s.name).join(", ")}; certificate of completion attached`,
        name: config.site.name,
        location: "San Diego, California",
        contactInfo: config.site.email,
        signingTime: input.completedAt,
      });
    },
  };
}

/** An agreement's PDF over HTTP (/agreements/{id}.pdf, a co-signer's /sign/{token}/document): the model decides. */
export async function agreementFileResponse(db: Db, key: SignerKey, id: number): Promise<Response> {
  const file = agreementFile(db, key, id);
  const body = await fileStore().get(file.key);
  if (!body) {
    console.error(`[agreements] the file ${file.key} of agreement ${id} is missing`);
    return new Response("This agreement's file is missing. Please tell the agency.", {
      status: 500,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "private, no-store" },
    });
  }
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": contentDisposition("inline", file.name),
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
      "content-security-policy": "sandbox",
      "referrer-policy": "no-referrer",
    },
  });
}
