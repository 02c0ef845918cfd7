import type { MetaFunction } from "@remix-run/node";
import { LegalPage } from "~/components/legal-page";
import { pageMeta } from "~/lib/seo";
import { DEFAULT_SITE } from "~/config/site";
import { useSite } from "~/hooks/use-site";

export const meta: MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Privacy Policy",
    description:
      "What personal information we collect, why, with whom we share it, and your California privacy rights.",
    path: "/privacy-policy",
  });

export default function PrivacyPolicy() {
  const site = useSite() ?? DEFAULT_SITE;
  return (
    <LegalPage
      title="Privacy Policy"
      intro={
        <p>
          This policy explains how {site.name} ("we") collects, uses and shares personal information through this
          website and client portal, and the choices and rights you have. It is provided under the California Online
          Privacy Protection Act (CalOPPA) and the California Consumer Privacy Act as amended by the CPRA.
        </p>
      }
    >
      <h2>Information we collect</h2>
      <ul>
        <li>
          <strong>Contact form:</strong> your first and last name, e-mail address, phone number and your message.
        </li>
        <li>
          <strong>Sign-in:</strong> your e-mail address, name and profile picture as provided by the sign-in service you
          choose.
        </li>
        <li>
          <strong>Client portal:</strong> details of your purchase or sale (property address, home value, milestones,
          notes and documents your agent adds) and the properties you save, with prices and notes.
        </li>
        <li>
          <strong>Open house sign-in:</strong> at the door of one of our open houses, your name, your e-mail address or
          phone number, whether you work with an agent (and their name), and whether you asked for similar homes. It is
          seen by the agent who hosted the open house and the listing&apos;s agent and broker; the seller sees only how
          many visitors came, never who. Without an agent of your own, the host may contact you about homes like the one
          you visited, by the e-mail or phone you gave; with an agent, we do not contact you. &ldquo;Send me similar
          homes&rdquo; adds a weekly e-mail of our new listings like it, which you stop with one click.
        </li>
        <li>
          <strong>Listing page views:</strong> to tell a seller how many people saw their home&apos;s page, we count one
          view per visitor and day. The count is made from a keyed hash of your IP address and the day, never the
          address itself, with no cookie; each day&apos;s hashes are deleted the next day and only the day&apos;s count
          is kept. Visits by search engines and tools are not counted.
        </li>
        <li>
          <strong>Technical data:</strong> a session cookie that keeps you signed in, a short-lived cookie that carries
          on-screen messages, and server logs (IP address, pages requested, time) kept for security.
        </li>
      </ul>
      <p>
        The savings calculator runs in your browser or on our server from the value you enter; we do not store the
        values you enter in it.
      </p>

      <h2>How we use it</h2>
      <ul>
        <li>to answer your request and provide a free consultation;</li>
        <li>to provide real estate brokerage services and keep you informed about your transaction;</li>
        <li>to send you follow-up e-mails about our services, which you can stop at any time;</li>
        <li>to keep the site secure and to meet our legal and record-keeping obligations as a licensed broker.</li>
      </ul>

      <h2>With whom we share it</h2>
      <p>
        We do not sell or share your personal information for cross-context behavioral advertising. We disclose it only
        to service providers that host and run this site and our e-mail on our behalf, to the parties of your
        transaction as needed to complete it (escrow and title companies, lenders, the other party's agent), and where
        the law requires it.
      </p>

      <h2>Your choices and rights</h2>
      <p>California residents have the right to:</p>
      <ul>
        <li>know what personal information we collect, use and disclose, and to receive a copy;</li>
        <li>correct inaccurate personal information;</li>
        <li>delete personal information, subject to the records a broker must keep by law;</li>
        <li>opt out of the sale or sharing of personal information (we do neither);</li>
        <li>limit the use of sensitive personal information (we do not use it beyond providing our services);</li>
        <li>not be discriminated against for exercising these rights.</li>
      </ul>
      <p>
        To make a request, e-mail <a href={`mailto:${site.email}`}>{site.email}</a> or call {site.phone}. We will verify
        your request by matching the e-mail address or phone number we hold, and answer within 45 days. An authorized
        agent may make a request for you with your written permission. You can review and change the properties you
        saved in the client portal at any time. To be forgotten after an open house, write to us with the e-mail or
        phone you signed in with: we delete your sign-in and your lead, unless a transaction with you means the law
        requires us to keep it.
      </p>
      <p>Every marketing e-mail contains an unsubscribe link; we honour an unsubscribe within 10 business days.</p>

      <h2>Do Not Track</h2>
      <p>
        This site does not track you across other websites and uses no third-party advertising or analytics cookies, so
        it treats every visit the same whether or not your browser sends a Do Not Track or Global Privacy Control
        signal.
      </p>

      <h2>Retention and security</h2>
      <p>
        We keep contact requests for up to three years and transaction records for as long as California law requires
        brokers to keep them. Sessions expire after 30 days. Data travels over encrypted connections and is stored on
        servers we control.
      </p>

      <h2>Children</h2>
      <p>This site is intended for adults and we do not knowingly collect information from children under 16.</p>

      <h2>Changes and contact</h2>
      <p>
        We will post any change to this policy on this page with a new date. Questions: {site.name}, {site.address},{" "}
        <a href={`mailto:${site.email}`}>{site.email}</a>, {site.phone}.
      </p>
    </LegalPage>
  );
}
