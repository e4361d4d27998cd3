import type { Actor } from "../../auth/actor";
import { formatDate, formatEuro } from "@domain/format";
import { canApply, transitionRefusal } from "@domain/orders";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { conflict, HttpError, notFound, staleVersion } from "../../http/errors";
import { sendMail } from "../../mail";
import { renderOrderPdf } from "./pdf";
import { getOrderDetail } from "./queries";
import { applyOrderAction, ORDER_NOT_FOUND } from "./service";

/**
 * "Invia Ordine": the PDF goes to the supplier's e-mail (SMTP, or the outbox when no SMTP is
 * configured), then the order becomes inviato; if SMTP refuses it the order stays bozza. Rendering and mailing happen outside the
 * transaction (PGlite has one connection, and a slow SMTP must not hold a lock); the status
 * change re-checks the state, so a concurrent send cannot move the order twice.
 */
export async function sendOrder(db: Db, actor: Actor, id: string, version: number | undefined, config: Config) {
  const order = await getOrderDetail(db, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  if (version !== undefined && version !== order.version) throw staleVersion();
  if (!canApply(order.status, "send")) throw conflict(transitionRefusal(order.status, "send"));
  if (order.supplier.status !== "attivo") throw conflict(`Il fornitore ${order.supplier.name} non è attivo: l'ordine non può essere inviato`);
  if (!order.supplier.email) {
    throw conflict(`Il fornitore ${order.supplier.name} non ha un indirizzo e-mail: aggiungilo prima di inviare l'ordine`);
  }
  const { pdf, fileName, companyName } = await renderOrderPdf(db, order, config.dataDir);
  const lines = [
    `Buongiorno${order.supplier.contactPerson ? ` ${order.supplier.contactPerson}` : ""},`,
    "",
    `in allegato il nostro ordine ${order.number} del ${formatDate(order.orderDate)}: ${order.title}.`,
    `Importo complessivo: ${formatEuro(order.totalAmount)} (IVA esclusa).`,
    ...(order.expectedDeliveryDate ? [`Consegna prevista: ${formatDate(order.expectedDeliveryDate)}.`] : []),
    ...(order.constructionSite ? [`Luogo di consegna: cantiere ${order.constructionSite.name}, ${order.constructionSite.address}.`] : []),
    "",
    "Vi preghiamo di confermare l'ordine indicando i tempi di consegna.",
    "",
    "Cordiali saluti,",
    companyName,
  ];
  const mail = await sendMail(
    db,
    {
      to: order.supplier.email,
      subject: `Ordine ${order.number} - ${companyName}`,
      text: lines.join("\n"),
      attachments: [{ fileName, content: pdf, mimeType: "application/pdf" }],
    },
    config,
  );
  // The supplier did not get it: the order stays a draft, to be sent again (the outbox keeps the error).
  if (mail.status === "failed") throw new HttpError(502, "Invio dell'e-mail al fornitore non riuscito. Riprova più tardi.");
  return applyOrderAction(db, actor, id, "send", { version: order.version, note: `e-mail a ${order.supplier.email}` });
}
