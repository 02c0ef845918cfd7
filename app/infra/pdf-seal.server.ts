/**
 * The seal of a signed agreement: the brokerage's certificate signs the final PDF as a PDF digital signature
 * (adbe.pkcs7.detached), so any later change shows in a PDF reader or `pdfsig`. The libraries do the work:
 * pdf-lib joins the pages and adds the signature's placeholder (@signpdf/placeholder-pdf-lib),
 * @signpdf/signpdf with its P12 signer writes the CMS signature, and node-forge makes the self-signed
 * certificate used when none is configured. Nothing here is hand-written cryptography.
 */
import { generateKeyPairSync, randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pdflibAddPlaceholder } from "@signpdf/placeholder-pdf-lib";
import { P12Signer } from "@signpdf/signer-p12";
import { SignPdf } from "@signpdf/signpdf";
import forge from "node-forge";
import { EncryptedPDFError, PDFDocument } from "pdf-lib";

export type SealCertificate = { p12: Buffer; password: string };

/**
 * The certificate from SIGNING_P12 (its password SIGNING_P12_PASSWORD); without one, the self-signed
 * certificate beside the database, made on first use (readable by this process's user only).
 */
export function loadSealCertificate(options: {
  path: string;
  password: string;
  configured: boolean;
  commonName: string;
}): SealCertificate {
  if (options.configured || existsSync(options.path)) {
    return { p12: readFileSync(options.path), password: options.password };
  }
  const p12 = selfSignedP12(options.commonName);
  mkdirSync(path.dirname(options.path), { recursive: true });
  // Written whole under another name, then linked in place: a process starting beside this one (a cluster,
  // the tests' servers) reads either no file or the whole of the first one made.
  const partial = `${options.path}.${process.pid}.tmp`;
  writeFileSync(partial, p12, { mode: 0o600 });
  try {
    linkSync(partial, options.path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return { p12: readFileSync(options.path), password: options.password };
  } finally {
    unlinkSync(partial);
  }
  return { p12, password: "" };
}

/** A self-signed document-signing certificate for 10 years, as a PKCS#12 file with an empty password. */
export function selfSignedP12(commonName: string): Buffer {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: "pkcs1", format: "pem" }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: "spki", format: "pem" }).toString());
  cert.serialNumber = `01${randomBytes(15).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 24 * 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 10 * 365 * 24 * 3600_000);
  const subject = [
    { name: "commonName", value: commonName },
    { name: "organizationName", value: commonName },
    { name: "countryName", value: "US" },
  ];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], "", { algorithm: "3des" });
  return Buffer.from(forge.asn1.toDer(asn1).getBytes(), "binary");
}

/**
 * The sealed PDF: the document's pages, then `appendix`'s (the signature page and the certificate of
 * completion), signed with the certificate. `reason` and `name` are written in the signature's dictionary.
 */
export async function sealPdf(
  document: Uint8Array,
  appendix: Uint8Array,
  certificate: SealCertificate,
  signature: { reason: string; name: string; location: string; contactInfo: string; signingTime: Date },
): Promise<Buffer> {
  const pdf = await PDFDocument.load(document, { updateMetadata: false });
  const extra = await PDFDocument.load(appendix);
  for (const page of await pdf.copyPages(extra, extra.getPageIndices())) pdf.addPage(page);
  pdflibAddPlaceholder({ pdfDoc: pdf, ...signature, signatureLength: 16_384 });
  // The signer needs the placeholder in a plain cross-reference table (no object streams).
  const prepared = Buffer.from(await pdf.save({ useObjectStreams: false }));
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.password });
  return new SignPdf().sign(prepared, signer, signature.signingTime);
}

/**
 * Why a PDF could not be sealed once signed (an encrypted or damaged file), or null: it is read, given a page
 * and the signature's placeholder, and written again, as the seal will do. Checked when it is prepared for
 * signature, so that no signature is given to a document that cannot carry the seal.
 */
export async function sealableError(document: Uint8Array): Promise<string | null> {
  try {
    const pdf = await PDFDocument.load(document, { updateMetadata: false });
    if (pdf.getPageCount() === 0) return "This PDF has no pages: it cannot be signed";
    pdf.addPage();
    pdflibAddPlaceholder({
      pdfDoc: pdf,
      reason: "check",
      name: "check",
      location: "check",
      contactInfo: "check",
      signatureLength: 16_384,
    });
    await pdf.save({ useObjectStreams: false });
    return null;
  } catch (error) {
    // pdf-lib's EncryptedPDFError (its class is not always the one imported here: match its message too).
    if (error instanceof EncryptedPDFError || /is encrypted/.test((error as Error).message)) {
      return "This PDF is encrypted (protected by a password): save an unprotected copy and upload that";
    }
    return `This PDF is damaged and cannot be sealed once signed (${(error as Error).message.slice(0, 120)}): upload a new copy`;
  }
}
