import type { Content } from "pdfmake/interfaces";
import { formatDate } from "@domain/format";
import { contractStatuses } from "@domain/statuses";
import type { Config } from "../../config";
import type { Queryable } from "../../db/client";
import {
  a4Document,
  companyLogo,
  documentHeading,
  letterhead,
  partyBlock,
  renderPdf,
  signatureBlock,
  textSection,
  totalsBlock,
} from "../../documents/pdf";
import { getSettings } from "../settings/queries";
import { contractVatView, type findContractWithParties } from "./queries";

type ContractWithParties = NonNullable<Awaited<ReturnType<typeof findContractWithParties>>>;

/**
 * The contract as an A4 PDF: the parties, the object (the accepted estimate), the price with
 * its VAT, the terms, and the acceptance record of the estimate the contract comes from.
 */
export async function renderContractPdf(db: Queryable, config: Pick<Config, "dataDir">, row: ContractWithParties) {
  const settings = await getSettings(db);
  const logo = await companyLogo(settings, config.dataDir, db);
  const { contract, estimate, client } = row;
  const vat = await contractVatView(db, row);
  const accepted =
    estimate.acceptedAt && estimate.acceptedBy
      ? `Il preventivo ${estimate.number} è stato accettato da ${estimate.acceptedBy} il ${formatDate(estimate.acceptedAt)}${estimate.acceptedIp ? ` (indirizzo IP ${estimate.acceptedIp})` : ""}.`
      : `Il preventivo ${estimate.number} risulta accettato.`;

  const content: Content[] = [
    letterhead(settings, logo),
    {
      columns: [
        {
          width: "*",
          stack: [
            documentHeading("Contratto", contract.number, [
              ["Data", formatDate(contract.createdAt)],
              ["Stato", contractStatuses.label(contract.status)],
              ["Data di firma", contract.signedDate ? formatDate(contract.signedDate) : "Non firmato"],
            ]),
          ],
        },
        { width: 250, stack: [partyBlock("Committente", client)] },
      ],
      columnGap: 20,
      margin: [0, 0, 0, 12],
    },
    { text: "Contratto d'appalto per l'esecuzione di lavori", bold: true, fontSize: 12, margin: [0, 0, 0, 2] },
    textSection(
      "Oggetto",
      `Esecuzione dei lavori "${estimate.title}" come descritti nel preventivo ${estimate.number}, che costituisce parte integrante del presente contratto.\n\n${estimate.description}`,
    ),
    { text: "Corrispettivo", style: "sectionTitle" },
    ...(vat ? [totalsBlock({ vat })] : []),
    textSection("Condizioni contrattuali", contract.terms),
    textSection("Accettazione del preventivo", accepted),
    signatureBlock({
      companyName: settings.companyName,
      partyLabel: "Il committente",
      heading: "Sottoscrizione",
      signed:
        estimate.acceptedBy && estimate.acceptedAt
          ? { name: estimate.acceptedBy, at: estimate.acceptedAt, ip: estimate.acceptedIp }
          : null,
    }),
  ];
  if (contract.signedDate) {
    content.push({
      text: `Contratto firmato in data ${formatDate(contract.signedDate)}.`,
      style: "small",
      margin: [0, 6, 0, 0],
    });
  }
  const pdf = await renderPdf(
    a4Document(content, { title: `Contratto ${contract.number}`, author: settings.companyName }),
  );
  return { pdf, fileName: `Contratto-${contract.number}.pdf` };
}
