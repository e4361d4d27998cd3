import type { Content } from "pdfmake/interfaces";
import { formatDate, formatEuro } from "@domain/format";
import { orderStatuses } from "@domain/statuses";
import type { Db } from "../../db/client";
import { a4Document, addressLine, companyLogo, documentHeading, LAYOUT, letterhead, linesTable, partyBlock, renderPdf, textSection } from "../../documents/pdf";
import { notFound } from "../../http/errors";
import { getSettings } from "../settings/queries";
import { getOrderDetail } from "./queries";
import { ORDER_NOT_FOUND } from "./service";

type OrderDetail = NonNullable<Awaited<ReturnType<typeof getOrderDetail>>>;

/** Where the goods go: the site's address when the order names one, otherwise the company's seat. */
function deliveryBlock(order: OrderDetail, companyAddress: string): Content {
  const site = order.constructionSite;
  const where = site ? `Cantiere ${site.name} — ${site.address}` : companyAddress ? `Sede: ${companyAddress}` : "Da concordare";
  return {
    table: {
      widths: ["*"],
      body: [
        [
          {
            stack: [
              { text: "Luogo di consegna", style: "small" },
              { text: where, bold: true },
              ...(order.expectedDeliveryDate ? [{ text: `Consegna prevista: ${formatDate(order.expectedDeliveryDate)}` }] : []),
            ],
            margin: [6, 4, 6, 4],
          },
        ],
      ],
    },
    layout: LAYOUT.box,
  };
}

/** A4 purchase order: letterhead, supplier, delivery place, lines and total (prices net of VAT). */
export async function renderOrderPdf(db: Db, order: OrderDetail, dataDir: string) {
  const settings = await getSettings(db);
  const logo = await companyLogo(settings, dataDir, db);
  const content: Content[] = [
    letterhead(settings, logo),
    {
      columns: [
        { width: "*", stack: [partyBlock("Fornitore", order.supplier)] },
        {
          width: 220,
          stack: [
            documentHeading("Ordine", order.number, [
              ["Data", formatDate(order.orderDate)],
              ["Stato", orderStatuses.label(order.status)],
            ]),
          ],
        },
      ],
      columnGap: 16,
      margin: [0, 0, 0, 10],
    },
    { text: order.title, bold: true, fontSize: 11, margin: [0, 0, 0, 6] },
    deliveryBlock(order, addressLine(settings)),
    textSection("Descrizione", order.description),
    { text: "Articoli", style: "sectionTitle" },
    linesTable(order.items, "Nessun articolo"),
    {
      table: {
        widths: ["*", "auto"],
        body: [
          [
            { text: "Totale ordine (IVA esclusa)", alignment: "right", bold: true, fontSize: 11 },
            { text: formatEuro(order.totalAmount), alignment: "right", bold: true, fontSize: 11, noWrap: true },
          ],
        ],
      },
      layout: "noBorders",
      margin: [0, 8, 0, 0],
      unbreakable: true,
    },
    textSection("Note", order.notes),
    {
      text: `Si prega di confermare l'ordine rispondendo a questa e-mail${settings.email ? ` o scrivendo a ${settings.email}` : ""}, indicando il numero ${order.number}.`,
      style: "small",
      margin: [0, 16, 0, 0],
    },
  ];
  const pdf = await renderPdf(a4Document(content, { title: `Ordine ${order.number}`, author: settings.companyName }));
  return { pdf, fileName: `Ordine-${order.number}.pdf`, companyName: settings.companyName, companyEmail: settings.email };
}

export async function orderPdf(db: Db, id: string, dataDir: string) {
  const order = await getOrderDetail(db, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return renderOrderPdf(db, order, dataDir);
}
