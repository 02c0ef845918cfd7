/**
 * The frame of every e-mail (React Email components): the agency's name, its
 * postal address and DRE license number in the footer (CAN-SPAM; California
 * B&P 10140.6), and for marketing e-mail a visible unsubscribe link.
 */
import { Body, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import type { ReactNode } from "react";
import type { SiteConfig } from "~/config/site";

export type EmailFrame = {
  site: SiteConfig;
  appUrl: string;
  preview: string;
  unsubscribeUrl?: string;
  /**
   * A first contact with a lead (B&P §10140.6, 10 CCR §2773): their agent's name and 8-digit license
   * number (the broker's when the lead has no agent), shown in the footer beside the broker's name.
   */
  agent?: { name: string; licenseNumber: string | null } | null;
};

const main = {
  backgroundColor: "#f8fafc",
  fontFamily: "-apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif",
  color: "#0f172a",
};
const container = {
  backgroundColor: "#ffffff",
  margin: "24px auto",
  padding: "24px",
  maxWidth: "560px",
  borderRadius: "8px",
};
const footer = { fontSize: "12px", lineHeight: "18px", color: "#475569" };

export function EmailLayout({
  site,
  appUrl,
  preview,
  unsubscribeUrl,
  agent,
  children,
}: EmailFrame & { children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={main}>
        <Container style={container}>
          <Text style={{ fontSize: "18px", fontWeight: 700, color: "#0d47a1", margin: "0 0 16px" }}>{site.name}</Text>
          {children}
          <Hr style={{ borderColor: "#e2e8f0", margin: "24px 0 12px" }} />
          <Section>
            <Text style={footer}>
              {agent !== undefined ? (
                <>
                  Your agent:{" "}
                  {agent
                    ? `${agent.name}${agent.licenseNumber ? `, DRE #${agent.licenseNumber}` : ""}`
                    : `${site.broker} (responsible broker), DRE #${site.brokerLicense}`}
                  <br />
                </>
              ) : null}
              {site.name} · {site.address} · {site.phone}
              <br />
              California DRE #{site.license} · Responsible broker {site.broker}, DRE #{site.brokerLicense}
              <br />
              <Link href={appUrl} style={{ color: "#475569" }}>
                {appUrl.replace(/^https?:\/\//, "")}
              </Link>
            </Text>
            {unsubscribeUrl ? (
              <Text style={footer}>
                You receive these e-mails because you asked us for a consultation.{" "}
                <Link href={unsubscribeUrl} style={{ color: "#0d47a1" }}>
                  Unsubscribe
                </Link>{" "}
                at any time with one click.
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

export const paragraph = { fontSize: "15px", lineHeight: "24px", margin: "0 0 14px" };
/** An e-mail's call to action, with room around it: the text after it never runs into it. */
export const button = {
  backgroundColor: "#1565c0",
  color: "#ffffff",
  padding: "10px 18px",
  borderRadius: "6px",
  fontWeight: 600,
  textDecoration: "none",
  display: "inline-block",
  margin: "8px 0 20px",
};
