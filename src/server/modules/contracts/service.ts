import { and, count, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { contractActions, contractTransitionError, isContractEditable, type ContractAction } from "@domain/contracts";
import { todayIso } from "@domain/dates";
import { contractStatuses } from "@domain/statuses";
import type { Config } from "../../config";
import type { Db, Tx } from "../../db/client";
import { contracts, estimates, invoices } from "../../db/schema";
import { storeDocument } from "../../documents/store";
import { badRequest, conflict, notFound, staleVersion } from "../../http/errors";
import { recordActivity } from "../activity/record";
import { createContractForEstimate } from "./create-contract";
import { renderContractPdf } from "./pdf";
import { findContractWithParties } from "./queries";

export const CONTRACT_NOT_FOUND = "Contratto non trovato";

/** The contract row locked for a change, with its client for the activity log. */
async function lockContract(tx: Tx, id: string) {
  const [row] = await tx
    .select({ contract: contracts, clientId: estimates.clientId })
    .from(contracts)
    .innerJoin(estimates, eq(estimates.id, contracts.estimateId))
    .where(eq(contracts.id, id))
    .for("update", { of: contracts });
  if (!row) throw notFound(CONTRACT_NOT_FOUND);
  return row;
}

/** "Nuovo Contratto": only an accepted estimate without a contract (docs/domain/statuses.md). */
export async function createContract(db: Db, actor: Actor, estimateId: string) {
  return db.transaction(async (tx) => {
    const [estimate] = await tx
      .select({ status: estimates.status, number: estimates.number })
      .from(estimates)
      .where(eq(estimates.id, estimateId));
    if (!estimate)
      throw badRequest("Dati non validi. Preventivo non trovato", { estimateId: "Preventivo non trovato" });
    if (estimate.status !== "accettato") {
      throw conflict(
        `Il preventivo ${estimate.number} non è accettato: il contratto nasce solo da un preventivo accettato`,
        {
          estimateId: "Scegli un preventivo accettato",
        },
      );
    }
    return createContractForEstimate(tx, actor, estimateId);
  });
}

export async function updateContractTerms(
  db: Db,
  actor: Actor,
  id: string,
  values: { terms: string; cig?: string | null; cup?: string | null; version: number },
) {
  return db.transaction(async (tx) => {
    const { contract, clientId } = await lockContract(tx, id);
    if (contract.version !== values.version) throw staleVersion();
    if (!isContractEditable(contract.status)) {
      throw conflict(
        `Il contratto ${contract.number} è ${contractStatuses.label(contract.status).toLowerCase()}: le condizioni si modificano solo in bozza`,
      );
    }
    const [row] = await tx
      .update(contracts)
      .set({
        terms: values.terms,
        // CIG and CUP of a public procurement (FatturaPA DatiContratto); left as they are when not sent.
        ...(values.cig !== undefined ? { cig: values.cig } : {}),
        ...(values.cup !== undefined ? { cup: values.cup } : {}),
        updatedAt: sql`now()`,
        version: sql`${contracts.version} + 1`,
      })
      .where(eq(contracts.id, id))
      .returning();
    await recordActivity(tx, actor, {
      action: "update",
      entityType: "contract",
      entityId: id,
      clientId,
      description: `Condizioni del contratto ${contract.number} aggiornate`,
    });
    return row!;
  });
}

/** sign | activate | complete, checked against the allowed transitions (409 otherwise). */
/** The signed contract is a document (docs/domain/invoices.md): its PDF is rendered now, once, and stored. */
export async function storeSignedContractPdf(tx: Tx, config: Pick<Config, "dataDir">, id: string) {
  const { pdf, fileName } = await renderContractPdf(tx, config, (await findContractWithParties(tx, id, null))!);
  await storeDocument(tx, {
    ownerType: "contract",
    ownerId: id,
    kind: "pdf",
    fileName,
    contentType: "application/pdf",
    bytes: pdf,
  });
}

export async function transitionContract(
  db: Db,
  actor: Actor,
  id: string,
  action: ContractAction,
  signedDate?: string,
  config?: Pick<Config, "dataDir">,
) {
  return db.transaction(async (tx) => {
    const { contract, clientId } = await lockContract(tx, id);
    const error = contractTransitionError(contract.status, action);
    if (error) throw conflict(error);
    const step = contractActions[action];
    const set: Partial<typeof contracts.$inferInsert> = { status: step.to };
    if (action === "sign") {
      if (!signedDate)
        throw badRequest("Dati non validi. Data di firma: campo obbligatorio", {
          signedDate: "Data di firma: campo obbligatorio",
        });
      if (signedDate > todayIso())
        throw badRequest("Dati non validi. Data di firma: non può essere nel futuro", {
          signedDate: "Data di firma: non può essere nel futuro",
        });
      set.signedDate = signedDate;
    }
    if (action === "activate") set.activatedAt = new Date().toISOString();
    if (action === "complete") set.completedAt = new Date().toISOString();
    const [row] = await tx
      .update(contracts)
      .set({ ...set, updatedAt: sql`now()`, version: sql`${contracts.version} + 1` })
      .where(eq(contracts.id, id))
      .returning();
    if (action === "sign" && config) await storeSignedContractPdf(tx, config, id);
    await recordActivity(tx, actor, {
      action: "status",
      entityType: "contract",
      entityId: id,
      clientId,
      description: `${step.done}: ${contract.number}`,
    });
    return row!;
  });
}

/** A draft contract without invoices may go; anything else is a document with consequences. */
export async function deleteContract(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const { contract, clientId } = await lockContract(tx, id);
    if (!isContractEditable(contract.status)) {
      throw conflict(
        `Impossibile eliminare il contratto ${contract.number}: è ${contractStatuses.label(contract.status).toLowerCase()}`,
      );
    }
    const [n] = await tx
      .select({ n: count() })
      .from(invoices)
      .where(and(eq(invoices.contractId, id)));
    if (n && n.n > 0) throw conflict(`Impossibile eliminare il contratto ${contract.number}: ha ancora ${n.n} fatture`);
    await tx.delete(contracts).where(eq(contracts.id, id));
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: "contract",
      entityId: id,
      clientId,
      description: `Contratto ${contract.number} eliminato`,
    });
  });
}
