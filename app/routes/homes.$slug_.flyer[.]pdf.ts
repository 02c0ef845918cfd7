/**
 * GET /homes/{slug}/flyer.pdf: a shown listing's printable flyer (app/infra/flyer-pdf.server.ts), a sold
 * one's saying so with what it sold for; else 404.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { flyerPdf } from "~/infra/flyer-pdf.server";
import { fileNotFound } from "~/infra/http.server";
import { homePageData } from "~/sections/home-page.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const home = homePageData(getDb(), params.slug ?? "");
  if (!home) return fileNotFound();
  const agent = home.agent
    ? { name: home.agent.name, phone: home.agent.phone, email: home.agent.email, license: home.agent.license }
    : home.plainAgent
      ? {
          name: home.plainAgent.name,
          phone: home.plainAgent.phone,
          email: home.plainAgent.email,
          license: home.plainAgent.licenseNumber,
        }
      : null;
  const pdf = await flyerPdf({ ...home, agent });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `inline; filename="flyer-${home.slug}.pdf"`,
      "cache-control": "public, max-age=300",
      "x-content-type-options": "nosniff",
    },
  });
}
