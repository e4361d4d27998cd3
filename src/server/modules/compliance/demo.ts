import { sql } from "drizzle-orm";
import { addDays } from "@domain/dates";
import { complianceKinds, effectiveExpiry, type ComplianceKind } from "@domain/compliance";
import { complianceDocuments, constructionSites, suppliers } from "../../db/schema";
import { insertBatched, type DemoContext } from "../../demo/context";
import { complianceRows } from "./queries";

type DocumentRow = typeof complianceDocuments.$inferInsert;

/**
 * Safety papers for the demo, so that the sites show every state (docs/domain/sites.md): a third of the
 * suppliers work on site as subcontractors with their own DURC and idoneità (one DURC about to
 * expire, on every site of that firm), sites with scaffolding need a PIMUS, and the sites still to
 * be worked rotate through all papers valid, one in scadenza, one scaduto and one mancante.
 */
export async function seedCompliance(ctx: DemoContext) {
  const { db, today } = ctx;
  await db.execute(sql`update ${suppliers} set is_subcontractor = true where abs(hashtext(id::text || 'sub')) % 3 = 0`);
  await db.execute(sql`update ${constructionSites} set uses_scaffolding = true where notes ilike '%ponteggio%'`);

  const firms = await db
    .select({ id: suppliers.id, name: suppliers.name })
    .from(suppliers)
    .where(sql`${suppliers.isSubcontractor}`)
    .orderBy(suppliers.name);
  const rows: DocumentRow[] = [];
  const paper = (kind: ComplianceKind, values: Partial<DocumentRow>): DocumentRow => {
    const issuedAt = values.issuedAt ?? null;
    const expiresAt = values.expiresAt ?? null;
    return {
      kind,
      title: complianceKinds.label(kind),
      ...values,
      issuedAt,
      expiresAt,
      validUntil: effectiveExpiry(kind, issuedAt, expiresAt),
    };
  };
  firms.forEach((f, i) => {
    // The first firm's DURC expires in 10 days: it shows on every site it works on at once.
    rows.push(
      paper("durc", {
        supplierId: f.id,
        title: `DURC ${f.name}`,
        issuedAt: addDays(today, i === 0 ? -110 : -30 - (i % 60)),
      }),
    );
    rows.push(
      paper("idoneita_tecnico_professionale", {
        supplierId: f.id,
        title: `Idoneità ${f.name}`,
        issuedAt: addDays(today, -200),
        expiresAt: addDays(today, 165 + i),
      }),
    );
  });
  await insertBatched(rows, (batch) => db.insert(complianceDocuments).values(batch));

  // What is still missing after the firms' papers, site by site.
  const { rows: missing } = await complianceRows(db, { requiredOnly: true, states: ["mancante"] }, today);
  const siteOrder = [...new Set(missing.map((r) => r.siteId))];
  const scenario = new Map(siteOrder.map((id, i) => [id, i % 4]));
  const seen = new Map<string, number>();
  const sitePapers: DocumentRow[] = [];
  for (const r of missing) {
    const nth = seen.get(r.siteId) ?? 0;
    seen.set(r.siteId, nth + 1);
    const completed = r.siteStatus === "completato";
    const kind = completed ? 0 : scenario.get(r.siteId)!;
    if (kind === 3 && nth === 0) continue; // mancante
    const expiresAt = completed
      ? addDays(today, -30)
      : nth === 0 && kind === 1
        ? addDays(today, 7)
        : nth === 0 && kind === 2
          ? addDays(today, -5)
          : addDays(today, 120 + nth * 30);
    sitePapers.push(
      paper(r.kind, {
        constructionSiteId: r.siteId,
        supplierId: r.supplierId,
        title: `${complianceKinds.label(r.kind)} ${r.siteName}`.slice(0, 200),
        issuedAt: addDays(today, -60),
        expiresAt: r.kind === "durc" ? null : expiresAt,
      }),
    );
  }
  await insertBatched(sitePapers, (batch) => db.insert(complianceDocuments).values(batch));
}
