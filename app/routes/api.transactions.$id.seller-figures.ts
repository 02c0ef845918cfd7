/**
 * A sale's seller figures (app/models/seller-figures.server.ts): GET → { transactionId, source ("saved",
 * "estimate": the newest saved seller estimate's, "none": the defaults), estimate, figures, netBasis,
 * updatedAt }; PUT { loanPayoffs, annualPropertyTax, hoaDocuments, hoaTransferFee, otherCosts,
 * principalResidence, ownerPolicy, closingDate, … } (the net sheet's input names; a field left out is at
 * its default) → 200 with the same shape. Every offer's net uses them. The transaction's client and staff;
 * anyone else and a purchase 404, anonymous 401; a bad field 400 with it named.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { getDb } from "~/infra/database.server";
import { requireUser } from "~/infra/guards.server";
import { idParam, methodNotAllowed, modelCall, readJson } from "~/infra/http.server";
import { getSellerFigures, saveSellerFigures, toSellerFiguresJson } from "~/models/seller-figures.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const id = idParam(params.id);
  return Response.json(
    toSellerFiguresJson(
      id,
      modelCall(() => getSellerFigures(getDb(), user, id)),
    ),
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const user = await requireUser(request);
  const id = idParam(params.id);
  const body = await readJson(request);
  return Response.json(
    toSellerFiguresJson(
      id,
      modelCall(() => saveSellerFigures(getDb(), user, id, body)),
    ),
  );
}
