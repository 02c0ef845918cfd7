/**
 * A saved estimate as a PDF (GET /estimates/{id}.pdf), written by pdfkit (a maintained PDF library: no
 * headless browser): the same lines as the page (`listedLines`: no $0 line left blank, payoffs apart from
 * the costs), who pays each, the amounts, what is missing, the closing date, the notes and totals, the
 * schedule and escrow rates it was computed with, and the agency's license line. The model decides who may
 * read it (app/models/estimate.server.ts `getEstimate`); this only lays it out and streams it.
 */
import { PassThrough, type Readable } from "node:stream";
import PDFDocument from "pdfkit";
import type { SiteConfig } from "~/config/site";
import { estimateTitle, listedLines, missingSentence, scheduleSentence } from "~/lib/estimate";
import { formatDate } from "~/lib/format";
import { formatMoney, formatMoneyExact } from "~/lib/money";
import { formatPlainDate } from "~/lib/plain-date";
import type { SavedEstimate } from "~/models/estimate.server";

/** pdfkit's standard fonts write WinAnsi: what it lacks is spelled out. */
const pdfText = (text: string) => text.replace(/⅓/g, " 1/3").replace(/[−–]/g, "-").replace(/[“”]/g, '"');

const PAYER = { seller: "Seller", buyer: "Buyer" } as const;

export function estimatePdf(saved: SavedEstimate, context: { site: SiteConfig; property: string | null }): Readable {
  const e = saved.result;
  const doc = new PDFDocument({
    size: "LETTER",
    margin: 54,
    info: { Title: pdfText(`${saved.name}: ${estimateTitle(e)}`), Author: context.site.name },
  });
  const out = new PassThrough();
  doc.pipe(out);
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;

  doc.font("Helvetica-Bold").fontSize(16).text(pdfText(saved.name));
  doc
    .font("Helvetica")
    .fontSize(11)
    .text(pdfText(estimateTitle(e)));
  doc
    .fontSize(9)
    .fillColor("#475569")
    .text(
      pdfText(
        [context.property, `Computed ${formatDate(saved.updatedAt)}`, `${context.site.name}`]
          .filter(Boolean)
          .join(" · "),
      ),
    )
    .fillColor("black")
    .moveDown();

  const headline =
    e.side === "seller"
      ? `You walk away with about ${formatMoney(e.totals.net)}`
      : `You bring about ${formatMoney(e.totals.cashToClose)} to closing`;
  doc.font("Helvetica-Bold").fontSize(13).text(pdfText(headline));
  doc
    .font("Helvetica")
    .fontSize(10)
    .text(pdfText(`Closing on ${formatPlainDate(saved.inputs.closingDate)}`));
  const missing = missingSentence(e);
  if (missing) doc.fillColor("#92400e").text(pdfText(missing)).fillColor("black");
  doc.moveDown(0.5);

  const columns = { item: left, payer: left + width * 0.58, amount: left + width * 0.72, amountWidth: width * 0.28 };
  const row = (label: string, payer: string, amount: string, options: { bold?: boolean; note?: string } = {}) => {
    if (doc.y > doc.page.height - doc.page.margins.bottom - 40) doc.addPage();
    const y = doc.y;
    doc.font(options.bold ? "Helvetica-Bold" : "Helvetica").fontSize(10);
    doc.text(pdfText(label), columns.item, y, { width: width * 0.56 });
    const afterLabel = doc.y;
    doc.text(payer, columns.payer, y, { width: width * 0.14 });
    doc.text(amount, columns.amount, y, { width: columns.amountWidth, align: "right" });
    doc.y = afterLabel;
    if (options.note) {
      doc.font("Helvetica").fontSize(8).fillColor("#475569");
      doc.text(pdfText(options.note), columns.item, doc.y, { width: width * 0.7 });
      doc.fillColor("black");
    }
    doc.moveDown(0.35);
  };
  const rule = () => {
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .strokeColor("#cbd5e1")
      .stroke()
      .moveDown(0.35);
  };

  row("Item", "Who pays", "Amount", { bold: true });
  rule();
  const { costs, payoffs } = listedLines(e);
  for (const line of costs) row(line.label, PAYER[line.payer], formatMoney(line.amount), { note: line.note });
  rule();
  const incomplete = missing ? " (incomplete)" : "";
  if (e.side === "seller") {
    row("Costs", "", formatMoney(e.totals.costs), { bold: true });
    if (payoffs.length > 0) {
      doc.moveDown(0.5);
      for (const line of payoffs) row(line.label, PAYER[line.payer], formatMoney(line.amount), { note: line.note });
      rule();
      row("Loan payoffs", "", formatMoney(e.totals.loanPayoffs), { bold: true });
    }
    row(`Net to you${incomplete}`, "", formatMoney(e.totals.net), { bold: true });
    if (e.withholding) {
      const w = e.withholding;
      row(w.label, PAYER[w.payer], formatMoney(w.amount), { note: w.note });
      row("Cash at closing", "", formatMoney(e.totals.cashAtClosing), { bold: true });
    }
    doc.moveDown(0.5);
    row("With a 3% commission instead of our flat fee", "", formatMoney(e.totals.traditionalNet));
    row("You keep", "", formatMoney(e.totals.savings), { bold: true });
  } else {
    row(`Cash to close${incomplete}`, "", formatMoney(e.totals.cashToClose), { bold: true });
  }

  doc.moveDown();
  doc.font("Helvetica").fontSize(9);
  for (const note of [
    ...e.notes,
    scheduleSentence(e),
    `Escrow estimated at ${formatMoneyExact(e.escrow.baseCents)} + ${formatMoneyExact(e.escrow.perThousandCents)} per $1,000 of the price, split in half; the escrow company's fee prevails.`,
  ]) {
    doc.text(pdfText(`- ${note}`), left, doc.y, { width });
  }
  doc
    .moveDown()
    .fontSize(8)
    .fillColor("#475569")
    .text(
      pdfText(
        `${context.site.name} · ${context.site.address} · ${context.site.phone} · California DRE #${context.site.license} · Responsible broker ${context.site.broker}, DRE #${context.site.brokerLicense}`,
      ),
      left,
      doc.y,
      { width },
    );
  doc.end();
  return out;
}
