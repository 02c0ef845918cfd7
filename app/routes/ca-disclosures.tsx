import { data, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { LegalPage } from "~/components/legal-page";
import { getDb } from "~/infra/database.server";
import { templateBlocks } from "~/lib/agreement-template";
import { PAGE_SCOPE_HEADER, pageHeaders } from "~/lib/route-access";
import { pageScopeHeader } from "~/models/content-version.server";
import { currentLegalText } from "~/models/legal-text.server";
import { formatMoney } from "~/lib/money";
import { TIERS } from "~/lib/pricing";
import { pageMeta } from "~/lib/seo";
import { DEFAULT_SITE, licenseName } from "~/config/site";
import { useSite } from "~/hooks/use-site";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "California Real Estate Disclosures",
    description:
      "License, agency relationships, fair housing, property disclosures, our flat-fee commission tiers, the Megan's Law notice and how to file a complaint with the California DRE.",
    path: "/ca-disclosures",
  });

/**
 * The agency disclosure in force (Civil Code §2079.16, app/models/legal-text.server.ts): the one a signer reads before
 * a listing or buyer agreement. Its page scope (`legal-texts`) changes with each new version of a legal text.
 */
export async function loader() {
  const db = getDb();
  const scope = pageScopeHeader(db, "legal-texts");
  const agency = currentLegalText(db, "agency_disclosure");
  return data({ agency: { version: agency.version, body: agency.body } }, { headers: { [PAGE_SCOPE_HEADER]: scope } });
}

export const headers = pageHeaders;

export default function CaDisclosures() {
  const site = useSite() ?? DEFAULT_SITE;
  const { agency } = useLoaderData<typeof loader>();
  return (
    <LegalPage title="California Real Estate Disclosures">
      <h2>License</h2>
      <p>
        {site.name} is a real estate brokerage licensed by the California Department of Real Estate (DRE):{" "}
        {licenseName(site)} #{site.license}. The responsible (designated) broker is {site.broker}, DRE license #
        {site.brokerLicense}. Office: {site.address}. You can verify any license with the DRE's public "Verify a
        License" search at{" "}
        <a href="https://www.dre.ca.gov" rel="noopener noreferrer">
          dre.ca.gov
        </a>
        .
      </p>

      <h2 id="agency">Agency relationships</h2>
      <p>
        California law (Civil Code sections 2079.13 to 2079.24) requires a real estate agent to give you the Disclosure
        Regarding Real Estate Agency Relationship below, and you to acknowledge it, before you sign a listing agreement
        or a buyer representation agreement. We show it to you in full when you sign one with us. The agency
        relationship is then confirmed in writing in the purchase contract. Using this website does not create an agency
        relationship; only a written agreement does.
      </p>
      <section
        aria-label="Disclosure Regarding Real Estate Agency Relationship"
        className="rounded-lg border border-slate-300 p-4"
        data-testid="agency-disclosure-text"
      >
        {templateBlocks(agency.body).map((b, i) =>
          b.kind === "heading" ? <h3 key={i}>{b.text}</h3> : <p key={i}>{b.text}</p>,
        )}
        <p>
          <small>
            Version {agency.version}. The sections of the Civil Code it refers to are at{" "}
            <a
              href="https://leginfo.legislature.ca.gov/faces/codes_displayText.xhtml?lawCode=CIV&division=3.&title=6.&part=4.&chapter=3.&article=2."
              rel="noopener noreferrer"
            >
              leginfo.legislature.ca.gov
            </a>
            .
          </small>
        </p>
      </section>

      <h2>Commissions and our flat fees</h2>
      <p>
        Real estate commissions are not set by law. They are set by each broker individually and are negotiable between
        the client and the broker (Business and Professions Code 10147.5). Our fee is a flat amount based on the value
        of the home, due on completion of the sale:
      </p>
      <ul>
        {TIERS.map((tier) => (
          <li key={tier.tier}>
            {tier.name}: {tier.range.replace("Homes ", "homes ")}: {formatMoney(tier.feeCents)}
          </li>
        ))}
      </ul>
      <p>
        Compensation for a buyer's agent, if any, is not included, is negotiable and is agreed separately in writing.
      </p>

      <h2>Fair housing</h2>
      <p>
        We are committed to equal housing opportunity. We follow the federal Fair Housing Act and California's Fair
        Employment and Housing Act (Government Code 12955) and Unruh Civil Rights Act, and never discriminate on the
        basis of race, color, religion, sex, gender, gender identity or expression, sexual orientation, marital or
        familial status, national origin, ancestry, source of income, disability, medical condition, genetic
        information, age, military or veteran status, or any other protected characteristic.
      </p>

      <h2>Property disclosures</h2>
      <p>Sellers of California residential property generally owe buyers, among others:</p>
      <ul>
        <li>the Real Estate Transfer Disclosure Statement (TDS) and the Seller Property Questionnaire (SPQ);</li>
        <li>the Natural Hazard Disclosure (NHD) statement (flood, fire, seismic and earthquake fault zones);</li>
        <li>the lead-based paint disclosure and pamphlet for homes built before 1978;</li>
        <li>HOA documents where the home is in a common-interest development;</li>
        <li>the preliminary title report, and any other known material facts about the property.</li>
      </ul>

      <h2>Megan's Law notice</h2>
      <p>
        Notice: Pursuant to Section 290.46 of the Penal Code, information about specified registered sex offenders is
        made available to the public via an Internet Web site maintained by the Department of Justice at{" "}
        <a href="https://www.meganslaw.ca.gov" rel="noopener noreferrer">
          www.meganslaw.ca.gov
        </a>
        . Depending on an offender's criminal history, this information will include either the address at which the
        offender resides or the community of residence and ZIP Code in which he or she resides. (Civil Code 2079.10a.)
      </p>

      <h2>Complaints</h2>
      <p>
        If you have a concern, please first contact our responsible broker, {site.broker}, at{" "}
        <a href={`mailto:${site.email}`}>{site.email}</a> or {site.phone}. You may also file a complaint with the
        California Department of Real Estate, Enforcement Section, using form RE 519 or online at{" "}
        <a href="https://www.dre.ca.gov" rel="noopener noreferrer">
          dre.ca.gov
        </a>
        . The DRE investigates complaints against licensees.
      </p>
    </LegalPage>
  );
}
