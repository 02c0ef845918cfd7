import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page";
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

export default function CaDisclosures() {
  const site = useSite() ?? DEFAULT_SITE;
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

      <h2>Agency relationships</h2>
      <p>
        California law (Civil Code sections 2079.13 to 2079.24) requires a real estate agent to give you a written
        Disclosure Regarding Real Estate Agency Relationships (form AD) before you sign a listing agreement or make an
        offer. It explains the duties an agent owes to a seller, to a buyer, and to both when acting as a dual agent.
        The agency relationship is then confirmed in writing in the purchase contract.
      </p>
      <ul>
        <li>
          A seller's agent acts for the seller only, and owes the buyer honesty, fair dealing and disclosure of known
          material facts.
        </li>
        <li>
          A buyer's agent acts for the buyer only. Since 2025, a written buyer-broker agreement is required before an
          offer is made (Civil Code 1670.50).
        </li>
        <li>
          A dual agent represents both, only with the written consent of both, and may not disclose one party's price
          position to the other without consent.
        </li>
      </ul>
      <p>Using this website does not create an agency relationship. One is created only by a written agreement.</p>

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
