/**
 * The Documents tab's "File review" (docs/file-review.md): the file's state in words, the items the broker
 * returned with their comments, and the link to the File tab where the checklist is worked.
 */
import { Link } from "@remix-run/react";
import { PageSection } from "~/components/page-section";
import { tabPath } from "~/lib/workspace-tabs";

export function FileReviewSummary({
  transactionId,
  file,
}: {
  transactionId: number;
  file: { words: string; complete: boolean; returned: Array<{ id: number; name: string; comment: string | null }> };
}) {
  const href = `${tabPath(transactionId, "documents")}#file-review`;
  return (
    <PageSection id="file-summary" title="File review" aside={<Link to={href}>Open the file</Link>}>
      <p className="mt-2" data-testid="file-summary">
        {file.words}
        {file.complete ? "" : ": the transaction closes once every required item is approved."}
      </p>
      {file.returned.length > 0 ? (
        <ul className="mt-2 space-y-1 text-sm" data-testid="file-returned">
          {file.returned.map((item) => (
            <li key={item.id}>
              <Link to={`${tabPath(transactionId, "documents")}#item-${item.id}`} className="font-semibold">
                {item.name}
              </Link>{" "}
              returned{item.comment ? `: "${item.comment}"` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </PageSection>
  );
}
