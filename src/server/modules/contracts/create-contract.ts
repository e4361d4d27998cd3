import { eq } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { todayIso } from "@domain/dates";
import type { Tx } from "../../db/client";
import { contracts, estimates } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { nextDocumentNumber } from "../../lib/numbering";
import { recordActivity } from "../activity/record";
import { getSettings } from "../settings/queries";

/** Used when the company has not written its own template in the settings yet. */
export const DEFAULT_CONTRACT_TERMS = [
  "1. Oggetto. L'impresa si impegna a eseguire i lavori descritti nel preventivo accettato, che costituisce parte integrante del presente contratto.",
  "2. Corrispettivo e pagamenti. Il corrispettivo è quello indicato nel preventivo. I pagamenti avverranno tramite bonifico bancario secondo le fatture di acconto, stato avanzamento lavori (SAL) e saldo emesse dall'impresa, entro i termini indicati in fattura.",
  "3. Tempi di esecuzione. I lavori inizieranno alla data concordata tra le parti; eventuali ritardi dovuti a condizioni meteorologiche avverse o a cause non imputabili all'impresa non costituiscono inadempimento.",
  "4. Sicurezza. L'impresa opera nel rispetto del D.Lgs. 81/2008 e allestisce le opere provvisionali necessarie alla sicurezza del cantiere.",
  "5. Varianti. Ogni variante ai lavori dovrà essere concordata per iscritto e potrà comportare una revisione del corrispettivo.",
  "6. Garanzia. L'impresa garantisce i lavori eseguiti ai sensi degli artt. 1667 e 1669 del Codice Civile.",
  "7. Foro competente. Per ogni controversia è competente il foro della sede dell'impresa.",
].join("\n\n");

/**
 * Creates the (bozza) contract of an estimate inside the caller's transaction: called by the
 * estimate acceptance and by "Nuovo Contratto". Checking that the estimate is accettato is the
 * caller's job (acceptance sets it in the same transaction). One contract per estimate: a second
 * one is a 409, checked under a row lock so two concurrent calls cannot both pass.
 */
export async function createContractForEstimate(
  tx: Tx,
  actor: Actor | null,
  estimateId: string,
  /** Accepted in the portal with the client's name: the contract is born signed (docs/domain/portal.md). */
  signedOnline?: { date: string; by: string },
) {
  const [estimate] = await tx
    .select({ id: estimates.id, number: estimates.number, title: estimates.title, clientId: estimates.clientId })
    .from(estimates)
    .where(eq(estimates.id, estimateId))
    .for("update");
  if (!estimate) throw notFound("Preventivo non trovato");
  const [existing] = await tx
    .select({ number: contracts.number })
    .from(contracts)
    .where(eq(contracts.estimateId, estimateId));
  if (existing)
    throw conflict(`Il preventivo ${estimate.number} ha già il contratto ${existing.number}`, {
      estimateId: "Contratto già presente",
    });

  const settings = await getSettings(tx);
  const terms = settings.contractTerms?.trim() || DEFAULT_CONTRACT_TERMS;
  const { number } = await nextDocumentNumber(tx, "CTR", Number(todayIso().slice(0, 4)));
  const [row] = await tx
    .insert(contracts)
    .values(
      signedOnline
        ? { number, estimateId, terms, status: "firmato", signedDate: signedOnline.date, signedBy: signedOnline.by }
        : { number, estimateId, terms, status: "bozza" },
    )
    .returning();
  await recordActivity(tx, actor, {
    action: "create",
    entityType: "contract",
    entityId: row!.id,
    clientId: estimate.clientId,
    description: signedOnline
      ? `Contratto ${number} firmato online da ${signedOnline.by} accettando il preventivo ${estimate.number}`
      : `Contratto ${number} creato dal preventivo ${estimate.number}`,
  });
  return row!;
}
