/** A visitor's estimate, sent to them at their request ("Send me this estimate" on /net-sheet, /cash-to-close). */
import { Button, Text } from "@react-email/components";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

export function EstimateEmail(
  p: EmailFrame & {
    firstName: string;
    /** "Your net sheet for a $850,000 sale". */
    title: string;
    /** The totals as lines of text ("You walk away with about $410,811"). */
    summary: string[];
    url: string;
    schedule: string;
  },
) {
  return (
    <EmailLayout site={p.site} appUrl={p.appUrl} preview={p.preview} agent={p.agent ?? null}>
      <Text style={paragraph}>Hi {p.firstName},</Text>
      <Text style={paragraph}>Here is the estimate you asked for: {p.title}.</Text>
      <Text style={{ ...paragraph, paddingLeft: "12px", borderLeft: "3px solid #1565c0" }}>
        {p.summary.map((line, i) => (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </Text>
      <Button href={p.url} style={button}>
        Open your estimate
      </Button>
      <Text style={paragraph}>
        Every line, who pays it and how it was worked out are on that page; change any figure there and it recalculates.
        An agent will call you to go through it. An estimate only: escrow&apos;s closing statement gives the exact
        figures. {p.schedule}
      </Text>
    </EmailLayout>
  );
}
