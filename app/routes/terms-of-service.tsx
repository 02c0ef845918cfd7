import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page";
import { pageMeta } from "~/lib/seo";
import { DEFAULT_SITE } from "~/config/site";
import { useSite } from "~/hooks/use-site";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Terms of Service",
    description: "The terms for using our website, savings calculator and client portal.",
    path: "/terms-of-service",
  });

export default function TermsOfService() {
  const site = useSite() ?? DEFAULT_SITE;
  return (
    <LegalPage
      title="Terms of Service"
      intro={
        <p>
          These terms apply to your use of the website and client portal of {site.name} (DRE #{site.license}). By using
          the site you accept them. If you do not agree, please do not use the site.
        </p>
      }
    >
      <h2>Eligibility</h2>
      <p>You must be at least 18 years old and able to form a binding contract to use the client portal.</p>

      <h2>No agency relationship</h2>
      <p>
        Using this website, the calculator or the contact form does not create an agency relationship or any duty on our
        part. A brokerage relationship exists only under a written listing or buyer-broker agreement signed by you and
        us, after the agency disclosure California law requires.
      </p>

      <h2>Estimates, not advice</h2>
      <p>
        The savings calculator compares a 3% commission with our flat fee for the value you enter. Its results are
        estimates for illustration only. They are not an offer, an appraisal, or legal, tax or financial advice.
        Commissions are negotiable; your actual costs depend on your agreement and your transaction. Consult a qualified
        professional about your situation.
      </p>

      <h2>Your account</h2>
      <p>
        You sign in with an outside sign-in service and are responsible for keeping that account secure. Tell us at once
        if you think someone else has used your access. We may suspend access that is misused.
      </p>

      <h2>Acceptable use</h2>
      <ul>
        <li>Provide accurate information and only information you have the right to share.</li>
        <li>
          Do not try to reach data that is not yours, disrupt the site, or use automated means to collect data from it.
        </li>
        <li>Do not use the site for any unlawful or discriminatory purpose.</li>
      </ul>

      <h2>Third-party sites</h2>
      <p>
        The site may link to third-party sites such as Zillow or the MLS. We do not control them and are not responsible
        for their content, accuracy or privacy practices. Listing details you save are your own notes and may be out of
        date.
      </p>

      <h2>Intellectual property</h2>
      <p>
        The site's content, design and software belong to {site.name} or its licensors. You may view and print pages for
        your personal, non-commercial use.
      </p>

      <h2>Limitation of liability</h2>
      <p>
        The site is provided "as is". To the extent the law allows, we are not liable for indirect or consequential
        damages arising from your use of the site. Nothing in these terms limits duties we owe you under a written
        brokerage agreement or under California real estate law.
      </p>

      <h2>Electronic communications</h2>
      <p>
        You agree that we may communicate with you electronically, by e-mail and through the portal, and that such
        communications satisfy any requirement that they be in writing.
      </p>

      <h2>Governing law</h2>
      <p>
        These terms are governed by the laws of the State of California. Any dispute will be brought in the state or
        federal courts located in San Diego County, California.
      </p>

      <h2>Changes and contact</h2>
      <p>
        We may update these terms by posting a new version with a new date. Questions:{" "}
        <a href={`mailto:${site.email}`}>{site.email}</a>, {site.phone}, {site.address}.
      </p>
    </LegalPage>
  );
}
