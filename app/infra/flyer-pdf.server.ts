/**
 * A listing's printable flyer, /homes/{slug}/flyer.pdf: the first photo, the price (a sold home's: "Sold"
 * and what it sold for), the facts, the open houses to come, the listing agent with their phone and e-mail, a QR code
 * to the page and the brokerage's license line, laid out by pdfkit (as the agreements are).
 * The QR code is qrcode's (a PNG); the photo is its stored WebP re-encoded to JPEG by sharp (pdfkit reads no WebP).
 */
import { buffer } from "node:stream/consumers";
import QRCode from "qrcode";
import { env } from "~/config/env.server";
import { collect, pdfText } from "~/infra/agreement-pdf.server";
import { fileStore } from "~/infra/file-store.server";
import { formatSlot } from "~/lib/format";
import { formatMoney } from "~/lib/money";
import { imageKey, IMAGE_WIDTHS } from "~/lib/images";

/** What the flyer shows of a listing (app/sections/home-page.server.ts gives it). */
export type FlyerInput = {
  slug: string;
  address: string;
  /** Sold: `priceCents` is what it sold for. */
  sold: boolean;
  priceCents: number | null;
  beds: number | null;
  baths: number | null;
  squareFeet: number | null;
  lotSquareFeet: number | null;
  yearBuilt: number | null;
  photos: Array<{ imageId: string }>;
  openHouses: Array<{ start: string; end: string }>;
  /** The listing agent (who answers), else none: the brokerage's line stands alone. */
  agent: { name: string; phone: string | null; email: string; license: string | null } | null;
};

/** "Sold for $845,000", "$849,000", "Price on request". */
export const flyerPrice = (home: Pick<FlyerInput, "sold" | "priceCents">) =>
  home.priceCents !== null
    ? `${home.sold ? "Sold for " : ""}${formatMoney(home.priceCents)}`
    : home.sold
      ? "Sold"
      : "Price on request";

/** "Ana Lopez, DRE #01234567 · (619) 555-0100 · ana@agency.test". */
export const flyerAgentLine = (agent: NonNullable<FlyerInput["agent"]>) =>
  [agent.license ? `${agent.name}, DRE #${agent.license}` : agent.name, agent.phone, agent.email]
    .filter(Boolean)
    .join(" · ");

async function firstPhotoJpeg(home: FlyerInput): Promise<Buffer | null> {
  const id = home.photos[0]?.imageId;
  if (!id) return null;
  // Its middle width's file (a small original's is its own size: never enlarged).
  const stream = await fileStore().get(imageKey(id, IMAGE_WIDTHS[1]));
  if (!stream) return null;
  const { default: sharp } = await import("sharp");
  return sharp(await buffer(stream))
    .jpeg({ quality: 82 })
    .toBuffer();
}

export async function flyerPdf(home: FlyerInput): Promise<Buffer> {
  const url = `${env().APP_URL}/homes/${home.slug}`;
  const qr = await QRCode.toBuffer(url, { type: "png", margin: 1, width: 240, errorCorrectionLevel: "M" });
  const photo = await firstPhotoJpeg(home);
  const site = env().site;
  return collect(
    (doc) => {
      if (photo) doc.image(photo, { fit: [484, 300], align: "center" }).moveDown();
      doc.font("Helvetica-Bold").fontSize(22).text(pdfText(home.address));
      doc.font("Helvetica-Bold").fontSize(18).text(flyerPrice(home));
      const facts = [
        home.beds !== null ? `${home.beds} bedrooms` : null,
        home.baths !== null ? `${home.baths} bathrooms` : null,
        home.squareFeet !== null ? `${home.squareFeet.toLocaleString("en-US")} sq ft` : null,
        home.lotSquareFeet !== null ? `lot ${home.lotSquareFeet.toLocaleString("en-US")} sq ft` : null,
        home.yearBuilt !== null ? `built ${home.yearBuilt}` : null,
      ].filter(Boolean);
      doc
        .font("Helvetica")
        .fontSize(12)
        .text(pdfText(facts.join(" · ")))
        .moveDown();
      if (home.openHouses.length) {
        doc.font("Helvetica-Bold").fontSize(13).text("Open houses");
        for (const o of home.openHouses) {
          doc
            .font("Helvetica")
            .fontSize(12)
            .text(pdfText(`${formatSlot(o.start)} to ${formatSlot(o.end).split(", ").pop()}`));
        }
        doc.moveDown();
      }
      if (home.agent) {
        doc
          .font("Helvetica-Bold")
          .fontSize(13)
          .text(home.sold ? "Sold by" : "Ask the listing agent");
        doc
          .font("Helvetica")
          .fontSize(12)
          .text(pdfText(flyerAgentLine(home.agent)))
          .moveDown();
      }
      const y = doc.y;
      doc.image(qr, doc.page.margins.left, y, { width: 110 });
      doc
        .font("Helvetica")
        .fontSize(11)
        .text(pdfText(`Photos, details and open houses: ${url}`), doc.page.margins.left + 125, y + 20, { width: 350 });
      doc
        .fontSize(9.5)
        .text(
          pdfText(`Listed by ${site.name}, DRE #${site.license}. Equal Housing Opportunity.`),
          doc.page.margins.left,
          y + 125,
        );
    },
    `${home.address}: flyer`,
    site.name,
  );
}
