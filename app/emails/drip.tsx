/** One e-mail of a lead-nurturing campaign: its content as paragraphs, links to the site tracked. */
import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

export type DripProps = EmailFrame & {
  paragraphs: string[];
  /** A tracked link to the site's free-consultation form. */
  ctaUrl: string;
};

export function DripEmail(p: DripProps) {
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={p.preview} unsubscribeUrl={p.unsubscribeUrl}>
      {p.paragraphs.map((text, i) => (
        <Text key={i} style={paragraph}>
          {text}
        </Text>
      ))}
      <Button href={p.ctaUrl} style={button}>
        Talk to an agent
      </Button>
    </EmailLayout>
  );
}
