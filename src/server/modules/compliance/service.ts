import { and, eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import {
  blockingLines,
  complianceKinds,
  effectiveExpiry,
  SITE_DOCUMENTS_MISSING,
  type ComplianceDocumentValues,
} from "@domain/compliance";
import { todayIso } from "@domain/dates";
import type { Db, Queryable, Tx } from "../../db/client";
import { complianceDocuments, constructionSites, estimates, suppliers } from "../../db/schema";
import { badRequest, forbidden, HttpError, notFound, staleVersion } from "../../http/errors";
import { newStorageKey, type FileStorage } from "../../storage";
import { recordActivity } from "../activity/record";
import { checkedFile, type UploadedFile } from "../attachments/service";
import { complianceRows, documentFile, findDocument } from "./queries";

export const DOCUMENT_NOT_FOUND = "Documento non trovato";
const SITE_NOT_FOUND = "Cantiere non trovato";
const SUPPLIER_NOT_FOUND = "Fornitore non trovato";

const d = complianceDocuments;

/** The site's name and client, for the activity entry (null when it does not exist). */
async function siteOwner(tx: Queryable, siteId: string) {
  const [row] = await tx
    .select({ name: constructionSites.name, clientId: estimates.clientId })
    .from(constructionSites)
    .innerJoin(estimates, eq(estimates.id, constructionSites.estimateId))
    .where(eq(constructionSites.id, siteId));
  return row ?? null;
}

async function supplierName(tx: Queryable, supplierId: string) {
  const [row] = await tx.select({ name: suppliers.name }).from(suppliers).where(eq(suppliers.id, supplierId));
  return row?.name ?? null;
}

function documentValues(input: Omit<ComplianceDocumentValues, "supplierId"> & { supplierId?: string | null }) {
  return {
    kind: input.kind,
    title: input.title,
    issuedAt: input.issuedAt,
    expiresAt: input.expiresAt,
    validUntil: effectiveExpiry(input.kind, input.issuedAt, input.expiresAt),
    notes: input.notes,
  };
}

/** Where a document lives, for the activity sentence: "al cantiere Tetto Rossi" / "al fornitore Edil Bianchi". */
async function ownerOf(tx: Queryable, doc: { constructionSiteId: string | null; supplierId: string | null }) {
  if (doc.constructionSiteId) {
    const site = await siteOwner(tx, doc.constructionSiteId);
    return {
      entityType: "site",
      entityId: doc.constructionSiteId,
      clientId: site?.clientId ?? null,
      label: `cantiere ${site?.name ?? ""}`,
    };
  }
  const name = await supplierName(tx, doc.supplierId!);
  return { entityType: "supplier", entityId: doc.supplierId!, clientId: null, label: `fornitore ${name ?? ""}` };
}

export async function createSiteDocument(
  db: Db,
  actor: Actor,
  siteId: string,
  input: ComplianceDocumentValues,
) {
  return db.transaction(async (tx) => {
    const site = await siteOwner(tx, siteId);
    if (!site) throw notFound(SITE_NOT_FOUND);
    if (input.supplierId && !(await supplierName(tx, input.supplierId))) {
      throw badRequest("Dati non validi. Fornitore non trovato", { supplierId: "Fornitore non trovato" });
    }
    const [row] = await tx
      .insert(d)
      .values({
        ...documentValues(input),
        constructionSiteId: siteId,
        supplierId: input.supplierId,
        uploadedBy: actor.userId,
      })
      .returning({ id: d.id });
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "site",
      entityId: siteId,
      clientId: site.clientId,
      description: `${complianceKinds.label(input.kind)} "${input.title}" aggiunto al cantiere ${site.name}`,
    });
    return (await findDocument(tx, row!.id, todayIso()))!;
  });
}

export async function createSupplierDocument(
  db: Db,
  actor: Actor,
  supplierId: string,
  input: Omit<ComplianceDocumentValues, "supplierId">,
) {
  return db.transaction(async (tx) => {
    const name = await supplierName(tx, supplierId);
    if (!name) throw notFound(SUPPLIER_NOT_FOUND);
    const [row] = await tx
      .insert(d)
      .values({ ...documentValues(input), supplierId, uploadedBy: actor.userId })
      .returning({ id: d.id });
    await recordActivity(tx, actor, {
      action: "create",
      entityType: "supplier",
      entityId: supplierId,
      description: `${complianceKinds.label(input.kind)} "${input.title}" aggiunto al fornitore ${name}`,
    });
    return (await findDocument(tx, row!.id, todayIso()))!;
  });
}

export async function updateDocument(
  db: Db,
  actor: Actor,
  id: string,
  input: ComplianceDocumentValues & { version: number },
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(d).where(eq(d.id, id)).for("update");
    if (!current) throw notFound(DOCUMENT_NOT_FOUND);
    if (current.version !== input.version) throw staleVersion();
    // A supplier's own paper stays the supplier's; a site's paper may name (or stop naming) a firm.
    const supplierId = current.constructionSiteId ? input.supplierId : current.supplierId;
    if (supplierId && supplierId !== current.supplierId && !(await supplierName(tx, supplierId))) {
      throw badRequest("Dati non validi. Fornitore non trovato", { supplierId: "Fornitore non trovato" });
    }
    const [row] = await tx
      .update(d)
      .set({ ...documentValues(input), supplierId, updatedAt: sql`now()`, version: sql`${d.version} + 1` })
      .where(and(eq(d.id, id), eq(d.version, input.version)))
      .returning({ id: d.id });
    if (!row) throw staleVersion();
    const owner = await ownerOf(tx, current);
    await recordActivity(tx, actor, {
      action: "update",
      entityType: owner.entityType,
      entityId: owner.entityId,
      clientId: owner.clientId,
      description: `${complianceKinds.label(input.kind)} "${input.title}" aggiornato (${owner.label})`,
    });
    return (await findDocument(tx, id, todayIso()))!;
  });
}

/** Deletes the document; answers the storage key of its file, removed by the caller after the commit. */
export async function deleteDocument(db: Db, actor: Actor, id: string) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(d).where(eq(d.id, id)).for("update");
    if (!current) throw notFound(DOCUMENT_NOT_FOUND);
    await tx.delete(d).where(eq(d.id, id));
    const owner = await ownerOf(tx, current);
    await recordActivity(tx, actor, {
      action: "delete",
      entityType: owner.entityType,
      entityId: owner.entityId,
      clientId: owner.clientId,
      description: `${complianceKinds.label(current.kind)} "${current.title}" eliminato (${owner.label})`,
    });
    return current.fileKey;
  });
}

/**
 * Attaches (or replaces) the PDF or photo of a document, checked like every attachment and kept in
 * the same storage. The office may do it on any document; a technician only on a site document he
 * added himself that has no file yet (the signed paper he photographs on site).
 */
export async function setDocumentFile(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  id: string,
  part: UploadedFile | undefined,
) {
  const existing = await documentFile(db, id);
  if (!existing) throw notFound(DOCUMENT_NOT_FOUND);
  if (actor.role === "tecnico") {
    const [own] = await db.select({ by: d.uploadedBy }).from(d).where(eq(d.id, id));
    if (!existing.siteId || own?.by !== actor.userId || existing.key) {
      throw forbidden("Il tecnico può allegare la foto solo ai documenti che ha appena aggiunto");
    }
  }
  if (!part) throw badRequest("Nessun file ricevuto: scegli un PDF o una foto", { file: "Scegli un PDF o una foto" });
  const file = await checkedFile(part, "file");
  const key = newStorageKey(`compliance/${id}`, file.type.ext);
  await storage.put(key, file.data);
  try {
    const old = await db.transaction(async (tx) => {
      const [current] = await tx.select().from(d).where(eq(d.id, id)).for("update");
      if (!current) throw notFound(DOCUMENT_NOT_FOUND);
      await tx
        .update(d)
        .set({
          fileKey: key,
          fileName: file.fileName,
          fileMime: file.type.mime,
          fileSize: file.data.length,
          updatedAt: sql`now()`,
          version: sql`${d.version} + 1`,
        })
        .where(eq(d.id, id));
      const owner = await ownerOf(tx, current);
      await recordActivity(tx, actor, {
        action: "upload",
        entityType: owner.entityType,
        entityId: owner.entityId,
        clientId: owner.clientId,
        description: `File ${file.fileName} allegato a ${complianceKinds.label(current.kind)} "${current.title}"`,
      });
      return current.fileKey;
    });
    if (old) await storage.delete(old).catch(() => undefined);
  } catch (err) {
    await storage.delete(key).catch(() => undefined);
    throw err;
  }
  return (await findDocument(db, id, todayIso()))!;
}

/**
 * The guard on opening a site (docs/domain/sites.md): moving a site to in corso with a required paper
 * mancante or scaduto is refused with 409 listing them, unless the office confirms with
 * `force: true` and a reason, which goes into the site's activity. Every route that can change a
 * site's status calls this inside its transaction (office update and field progress alike).
 */
export async function guardSiteStart(
  tx: Tx,
  actor: Actor,
  site: { id: string; name: string; status: string },
  nextStatus: string,
  confirm: { force?: boolean | undefined; reason?: string | undefined },
) {
  if (nextStatus !== "in_corso" || site.status === "in_corso") return;
  const { rows } = await complianceRows(
    tx,
    { siteId: site.id, requiredOnly: true, states: ["mancante", "scaduto"] },
    todayIso(),
  );
  if (rows.length === 0) return;
  const lines = blockingLines(rows);
  if (!confirm.force) {
    throw new HttpError(
      409,
      `Il cantiere non può passare In corso: ${lines.join("; ")}. Carica i documenti o conferma con un motivo.`,
      { status: lines.join("; ") },
      SITE_DOCUMENTS_MISSING,
    );
  }
  if (actor.role === "tecnico") {
    throw forbidden("Solo l'ufficio può avviare un cantiere senza i documenti di sicurezza");
  }
  const owner = await siteOwner(tx, site.id);
  await recordActivity(tx, actor, {
    action: "status",
    entityType: "site",
    entityId: site.id,
    clientId: owner?.clientId ?? null,
    description: `Cantiere ${site.name} avviato senza documenti (${lines.join("; ")}). Motivo: ${confirm.reason}`,
  });
}
