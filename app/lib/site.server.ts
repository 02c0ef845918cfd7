import { env } from "~/lib/env.server";
import { DEFAULT_SITE, type SiteConfig } from "~/lib/site";

export function siteConfig(): SiteConfig {
  const e = env();
  return {
    ...DEFAULT_SITE,
    name: e.AGENCY_NAME ?? DEFAULT_SITE.name,
    license: e.AGENCY_LICENSE ?? DEFAULT_SITE.license,
    broker: e.AGENCY_BROKER ?? DEFAULT_SITE.broker,
    brokerLicense: e.AGENCY_BROKER_LICENSE ?? DEFAULT_SITE.brokerLicense,
    email: e.AGENCY_EMAIL ?? DEFAULT_SITE.email,
    phone: e.AGENCY_PHONE ?? DEFAULT_SITE.phone,
    address: e.AGENCY_ADDRESS ?? DEFAULT_SITE.address,
  };
}
