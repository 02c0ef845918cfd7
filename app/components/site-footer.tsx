import { Link } from "@remix-run/react";
import { telHref } from "~/lib/format";
import { licenseName, type SiteConfig } from "~/config/site";

export function SiteFooter({ site }: { site: SiteConfig }) {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 bg-brand-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{site.name}</p>
          <p className="mt-2 text-sm">Flat-fee real estate in {site.location}.</p>
          <address className="mt-4 text-sm not-italic">
            <span className="block">{site.address}</span>
            {/* Each contact link is a 24 px tall target at least (WCAG 2.2 SC 2.5.8). */}
            <a className="flex min-h-6 w-fit items-center py-1 hover:text-white" href={`mailto:${site.email}`}>
              {site.email}
            </a>
            <a className="flex min-h-6 w-fit items-center py-1 hover:text-white" href={telHref(site.phone)}>
              {site.phone}
            </a>
          </address>
        </div>
        <nav aria-label="Footer" className="text-sm">
          <p className="font-semibold text-white">Explore</p>
          <ul className="mt-2 space-y-1">
            <li>
              <a className="hover:text-white" href="/#pricing">
                Pricing
              </a>
            </li>
            <li>
              <a className="hover:text-white" href="/#calculator">
                Savings Calculator
              </a>
            </li>
            <li>
              <Link className="hover:text-white" to="/client-portal">
                Client Portal
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/blog">
                Blog
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/agents">
                Our Agents
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/sold">
                Homes We Sold
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/reviews">
                Client Reviews
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Legal" className="text-sm">
          <p className="font-semibold text-white">Legal</p>
          <ul className="mt-2 space-y-1">
            <li>
              <Link className="hover:text-white" to="/privacy-policy">
                Privacy Policy
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/terms-of-service">
                Terms of Service
              </Link>
            </li>
            <li>
              <Link className="hover:text-white" to="/ca-disclosures">
                California Disclosures
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto max-w-6xl px-4 py-6 text-sm" data-testid="license">
          <p>
            © {year} {site.name}. {licenseName(site)} #{site.license}. Responsible broker: {site.broker}, DRE #
            {site.brokerLicense}. Equal Housing Opportunity.
          </p>
        </div>
      </div>
    </footer>
  );
}
