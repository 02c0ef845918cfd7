/** A visitor's estimate, sent to them at their request ("Send me this estimate" on /net-sheet, /cash-to-close). */
import { Button, Column, Row, Section, Text } from "@react-email/components";
import { button, EmailLayout, paragraph, type EmailFrame } from "./layout";

export function EstimateEmail(
  p: EmailFrame & {
    firstName: string;
    /** "Your net sheet for a $850,000 sale". */
    title: string;
    /** The totals as lines of text ("You walk away with about $410,811"). */
    summary: string[];
    /** Every line the page lists (app/lib/estimate.ts `listedLines`), its amount in words ("$4,675"). */
    lines: Array<{ label: string; amount: string }>;
    /** What the figures leave out (`missingSentence`), or null. */
    missing: string | null;
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
      {p.missing ? <Text style={{ ...paragraph, color: "#92400e" }}>{p.missing}</Text> : null}
      <Section style={{ margin: "8px 0 16px" }}>
        {p.lines.map((line, i) => (
          <Row key={i} style={{ borderBottom: "1px solid #e2e8f0" }}>
            <Column style={{ fontSize: "14px", padding: "4px 8px 4px 0" }}>{line.label}</Column>
            <Column style={{ fontSize: "14px", padding: "4px 0", textAlign: "right", whiteSpace: "nowrap" }}>
              {line.amount}
            </Column>
          </Row>
        ))}
      </Section>
      <Button href={p.url} style={button}>
        Open your estimate
      </Button>
      <Text style={paragraph}>
        Who pays each line and how it was worked out are on that page; change any figure there and it recalculates. An
        agent will call you to go through it. An estimate only: escrow&apos;s closing statement gives the exact figures.{" "}
        {p.schedule}
      </Text>
    </EmailLayout>
  );
}
