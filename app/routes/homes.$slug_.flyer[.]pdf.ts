/** GET /homes/{slug}/flyer.pdf (issue 47): a shown listing's printable flyer (app/infra/flyer-pdf.server.ts); else 404. */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { flyerPdf } from "~/infra/flyer-pdf.server";
import { fileNotFound } from "~/infra/http.server";
import { homePageData } from "~/sections/home-page.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const home = homePageData(getDb(), params.slug ?? "");
  if (!home) return fileNotFound();
  const pdf = await flyerPdf(home);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="flyer-${home.slug}.pdf"`,
      "cache-control": "public, max-age=300",
      "x-content-type-options": "nosniff",
    },
  });
}
