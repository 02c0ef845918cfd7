/**
 * One e-mail of a lead-nurturing campaign: its content as paragraphs (links to the site tracked, with
 * their words), then
 * how to reach an agent at once: a call (a tel: link) or an e-mail. The lead already filled in the
 * contact form, so the e-mail never sends them back to it; a reply reaches staff (its Reply-To).
 */
import { Button, Link, Text } from "@react-email/components";
import { telHref } from "~/lib/format";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

/** A paragraph: text, and links to the site (tracked) with their words. */
export type DripParagraph = Array<string | { label: string; href: string }>;

export type DripProps = EmailFrame & { paragraphs: DripParagraph[] };

export function DripEmail(
  p: DripProps & { agentContact?: { name: string; phone: string | null; email: string } | null },
) {
  const phone = p.agentContact?.phone || p.site.phone;
  const email = p.agentContact?.email ?? p.site.email;
  return (
    <EmailLayout
      site={p.site}
      appUrl={p.appUrl}
      preview={p.preview}
      unsubscribeUrl={p.unsubscribeUrl}
      agent={p.agent ?? null}
    >
      {p.paragraphs.map((parts, i) => (
        <Text key={i} style={paragraph}>
          {parts.map((part, j) =>
            typeof part === "string" ? (
              part
            ) : (
              <Link key={j} href={part.href} style={{ color: "#0d47a1", fontWeight: 600 }}>
                {part.label}
              </Link>
            ),
          )}
        </Text>
      ))}
      <Button href={telHref(phone)} style={button}>
        {p.agentContact ? `Call ${p.agentContact.name}` : "Call an agent"}: {phone}
      </Button>
      <Text style={{ ...paragraph, marginTop: "16px" }}>
        Or write to{" "}
        <Link href={`mailto:${email}`} style={{ color: "#0d47a1" }}>
          {email}
        </Link>
        , or simply reply to this e-mail: an agent reads it.
      </Text>
    </EmailLayout>
  );
}
