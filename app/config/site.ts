/** The agency's details, one configuration for nav, footer, legal pages and e-mails. */
export type SiteConfig = {
  name: string;
  /** The brokerage's 8-digit California DRE license number. */
  license: string;
  /** What that license is: a corporation's, or an individual broker's (AGENCY_LICENSE_KIND). */
  licenseKind: LicenseKind;
  /** The responsible (designated) broker. */
  broker: string;
  brokerLicense: string;
  email: string;
  phone: string;
  address: string;
  location: string;
};

/**
 * Placeholders until the agency sets its own values (AGENCY_* variables);
 * the phone number uses the 555-01xx range reserved for fiction.
 */
export const DEFAULT_SITE: SiteConfig = {
  name: "Coastline Flat Fee Realty",
  license: "02212345",
  licenseKind: "corporation",
  broker: "Jordan Reyes",
  brokerLicense: "01987654",
  email: "hello@coastlineflatfee.com",
  phone: "(619) 555-0142",
  address: "600 B Street, Suite 300, San Diego, CA 92101",
  location: "San Diego, California",
};

export const LICENSE_KINDS = ["corporation", "individual"] as const;
export type LicenseKind = (typeof LICENSE_KINDS)[number];

/** The license's name on a first point of contact: "California DRE Corporation License", "... Broker License". */
export const licenseName = (site: Pick<SiteConfig, "licenseKind">) =>
  `California DRE ${site.licenseKind === "corporation" ? "Corporation" : "Broker"} License`;
