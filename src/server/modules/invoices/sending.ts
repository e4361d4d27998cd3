import { eq, sql } from "drizzle-orm";
import type { Actor } from "../../auth/actor";
import { todayIso } from "@domain/dates";
import { formatDate, formatEuro } from "@domain/format";
import { invoiceTitle, isCreditNote } from "@domain/invoices";
import { isZeroMoney } from "@domain/money";
import { daysPastDue, reminderSubject, reminderText, remainderOf } from "@domain/payments";
import { paymentCausale } from "@domain/portal";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { invoices } from "../../db/schema";
import { conflict, notFound } from "../../http/errors";
import { sendMail, type MailMessage, type MailResult } from "../../mail";
import { recordActivity } from "../activity/record";
import { findOutboxMessage, toMessage } from "../outbox/queries";
import { getSettings } from "../settings/queries";
import { issuedInvoiceDocument } from "./documents";
import { findInvoiceDocument, type InvoiceDocument } from "./queries";
import { INVOICE_NOT_FOUND, lockInvoice } from "./service";

// "Invia al cliente" and "Invia sollecito" (docs/domain/invoices.md): the message
// goes through the outbox with the invoice's STORED PDF attached (the very bytes of the
// download), and each one is written on the invoice's timeline. Without SMTP the outbox row is
// written in the same transaction as the activity; with SMTP the mail leaves after the commit.

type MailConfig = Pick<Config, "dataDir" | "smtpUrl" | "databaseUrl">;

async function issuedDocument(db: Db, id: string) {
  const doc = await findInvoiceDocument(db, id, null);
  if (!doc) throw notFound(INVOICE_NOT_FOUND);
  if (doc.invoice.status === "bozza") throw conflict("La fattura è in bozza: si invia al cliente dopo l'emissione");
  return doc;
}

function recipient(doc: InvoiceDocument, to: string | undefined) {
  const address = to ?? doc.client.email;
  if (!address)
    throw conflict("Il cliente non ha un indirizzo e-mail: indicane uno o aggiungilo nella sua scheda", {
      to: "Indirizzo e-mail mancante",
    });
  return address;
}

async function attachment(db: Db, config: MailConfig, doc: InvoiceDocument) {
  const stored = await issuedInvoiceDocument(db, config, doc.invoice, "pdf");
  return { fileName: stored.fileName, mimeType: "application/pdf", content: stored.bytes };
}

async function outboxMessage(db: Db, mail: MailResult) {
  return toMessage((await findOutboxMessage(db, mail.id, false))!);
}

export async function emailInvoice(
  db: Db,
  config: MailConfig,
  actor: Actor,
  id: string,
  input: { to?: string | undefined; message: string | null },
) {
  const doc = await issuedDocument(db, id);
  const to = recipient(doc, input.to);
  const settings = await getSettings(db);
  const title = invoiceTitle(doc.invoice);
  const { invoice } = doc;
  const lines = [
    `Gentile ${doc.client.name},`,
    "",
    isCreditNote(invoice)
      ? `in allegato la ${title.toLowerCase()} del ${formatDate(invoice.issueDate)}, di ${formatEuro(invoice.totalAmount.replace("-", ""))}.`
      : `in allegato la ${title.toLowerCase()} del ${formatDate(invoice.issueDate)}, di ${formatEuro(invoice.totalAmount)}, con scadenza il ${formatDate(invoice.dueDate)}.`,
    ...(input.message ? ["", input.message] : []),
    "",
    "Il documento è una copia di cortesia: l'originale è la fattura elettronica trasmessa al Sistema di Interscambio.",
    "",
    "Cordiali saluti,",
    settings.companyName,
  ];
  const message: MailMessage = {
    to,
    subject: `${title} del ${formatDate(invoice.issueDate)} - ${settings.companyName}`,
    text: lines.join("\n"),
    attachments: [await attachment(db, config, doc)],
  };
  let mail: MailResult | null = null;
  await db.transaction(async (tx) => {
    await recordActivity(tx, actor, {
      action: "send",
      entityType: "invoice",
      entityId: id,
      clientId: doc.client.id,
      description: `${title} inviata per e-mail a ${to}`,
    });
    if (!config.smtpUrl) mail = await sendMail(tx, message, config);
  });
  mail ??= await sendMail(db, message, config);
  return outboxMessage(db, mail);
}

export async function sendReminder(
  db: Db,
  config: MailConfig,
  actor: Actor,
  id: string,
  input: { message: string | null },
) {
  const doc = await issuedDocument(db, id);
  const to = recipient(doc, undefined);
  const settings = await getSettings(db);
  const pdf = await attachment(db, config, doc);
  let mail: MailResult | null = null;
  let message: MailMessage | null = null;
  await db.transaction(async (tx) => {
    // Locked: two reminders sent at once get levels 1 and 2, never two "first" reminders.
    const { invoice, clientId } = await lockInvoice(tx, id);
    const today = todayIso();
    const remainder = remainderOf(invoice);
    if (isCreditNote(invoice) || invoice.status !== "inviata" || isZeroMoney(remainder) || invoice.dueDate >= today)
      throw conflict(`${invoiceTitle(invoice)} non ha importi scaduti da sollecitare`);
    const level = invoice.remindersSent + 1;
    const days = daysPastDue(invoice.dueDate, today);
    message = {
      to,
      subject: reminderSubject(invoice.number!, invoice.issueDate),
      text: reminderText({
        level,
        number: invoice.number!,
        issueDate: invoice.issueDate,
        dueDate: invoice.dueDate,
        remainder,
        daysPastDue: days,
        iban: settings.iban,
        causale: paymentCausale({
          invoiceNumber: invoice.number!,
          issueDate: invoice.issueDate,
          clientType: doc.client.type,
          clientFiscalCode: doc.client.fiscalCode,
          companyVatNumber: settings.vatNumber,
        }).causale,
        companyName: settings.companyName,
        clientName: doc.client.name,
        message: input.message,
      }),
      attachments: [pdf],
    };
    await tx
      .update(invoices)
      .set({ remindersSent: level, lastReminderAt: sql`now()` })
      .where(eq(invoices.id, id));
    await recordActivity(tx, actor, {
      action: "send",
      entityType: "invoice",
      entityId: id,
      clientId,
      description: `Sollecito n. ${level} per ${invoiceTitle(invoice)} inviato a ${to}: ${formatEuro(remainder)} scaduti da ${days} giorni`,
    });
    if (!config.smtpUrl) mail = await sendMail(tx, message, config);
  });
  mail ??= await sendMail(db, message!, config);
  return outboxMessage(db, mail);
}
