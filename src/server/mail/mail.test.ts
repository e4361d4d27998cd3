import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox } from "../db/schema";
import { createDiskStorage, uploadsDir } from "../storage/storage";
import { buildTestApp, type TestApp } from "../test/app";
import { LINK_SLOT, listOutbox, processOutbox, sendMail } from "./mail";

let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "colmo-mail-"));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** The smallest SMTP server that accepts one message, so the SMTP path is tested without a network. */
function fakeSmtp(): Promise<{ url: string; received: string[]; close(): void }> {
  const received: string[] = [];
  const server = net.createServer((socket) => {
    let data = false;
    let buffer = "";
    socket.write("220 fake ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let idx;
      while ((idx = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, idx);
        buffer = buffer.slice(idx + 2);
        if (data) {
          if (line === ".") {
            data = false;
            socket.write("250 OK queued\r\n");
          } else received.push(line);
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === "EHLO" || cmd === "HELO") socket.write("250 fake\r\n");
        else if (cmd === "DATA") {
          data = true;
          socket.write("354 go ahead\r\n");
        } else if (cmd === "QUIT") socket.end("221 bye\r\n");
        else socket.write("250 OK\r\n");
      }
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      resolve({ url: `smtp://127.0.0.1:${port}?ignoreTLS=true`, received, close: () => server.close() });
    }),
  );
}

describe("mail module", () => {
  it("without SMTP stores the message in the outbox and the attachment in the file storage", async () => {
    const res = await sendMail(
      t.db,
      {
        to: "cliente@example.it",
        subject: "Preventivo PRV-2026-001",
        text: "Gentile cliente, in allegato il preventivo.",
        attachments: [
          { fileName: "PRV-2026-001.pdf", mimeType: "application/pdf", content: Buffer.from("%PDF-1.7 finto") },
        ],
      },
      { smtpUrl: undefined, dataDir },
    );
    expect(res.status).toBe("stored");
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, res.id));
    expect(row).toMatchObject({
      to: "cliente@example.it",
      subject: "Preventivo PRV-2026-001",
      sentAt: null,
      error: null,
    });
    expect(row!.attachments).toHaveLength(1);
    const att = row!.attachments![0]!;
    expect(att).toMatchObject({ fileName: "PRV-2026-001.pdf", mimeType: "application/pdf" });
    expect(att.storageKey).toMatch(/^outbox\/[0-9a-f-]{36}\.pdf$/);
    const bytes = await createDiskStorage(uploadsDir(dataDir)).get(att.storageKey);
    expect(bytes?.toString()).toBe("%PDF-1.7 finto");

    const page = await listOutbox(t.db, { limit: 10, offset: 0 });
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.rows[0]!.id).toBe(res.id);
  });

  it("with SMTP_URL sends through SMTP and logs the message as sent", async () => {
    const smtp = await fakeSmtp();
    try {
      const res = await sendMail(
        t.db,
        {
          to: "fornitore@example.it",
          subject: "Ordine ORD-2026-001",
          text: "Buongiorno, ordine in allegato. Città: Forlì",
          attachments: [{ fileName: "ordine.pdf", mimeType: "application/pdf", content: Buffer.from("pdf") }],
        },
        { smtpUrl: smtp.url, dataDir },
      );
      expect(res.status).toBe("sent");
      const raw = smtp.received.join("\n");
      expect(raw).toContain("Subject: Ordine ORD-2026-001");
      expect(raw).toContain("fornitore@example.it");
      expect(raw).toContain("filename=ordine.pdf");
      const [row] = await t.db.select().from(outbox).where(eq(outbox.id, res.id));
      expect(row!.sentAt).not.toBeNull();
    } finally {
      smtp.close();
    }
  });

  it("records an SMTP failure instead of throwing", async () => {
    const res = await sendMail(
      t.db,
      { to: "x@example.it", subject: "Prova", text: "Prova" },
      { smtpUrl: "smtp://127.0.0.1:1?connectionTimeout=2000", dataDir },
    );
    expect(res.status).toBe("failed");
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, res.id));
    expect(row!.error).toBeTruthy();
    expect(row!.sentAt).toBeNull();
  });

  it("a one-time link: the recipient gets it through SMTP, the outbox keeps it redacted and forgets it once sent", async () => {
    const link = "http://colmo.test/portal/activate?token=segreto-smtp-123";
    const smtp = await fakeSmtp();
    try {
      const res = await sendMail(
        t.db,
        {
          to: "invitato@example.it",
          subject: "Invito",
          text: `Apri questo link:\n${LINK_SLOT}\nGrazie`,
          oneTimeLink: link,
        },
        { smtpUrl: smtp.url, dataDir },
      );
      expect(res.status).toBe("sent");
      expect(smtp.received.join("\n")).toContain("segreto-smtp-123");
      const [row] = await t.db.select().from(outbox).where(eq(outbox.id, res.id));
      expect(row).toMatchObject({ restricted: true, secretLink: null });
      expect(row!.text).toBe(`Apri questo link:\n${LINK_SLOT}\nGrazie`);
    } finally {
      smtp.close();
    }
  });

  it("a one-time link refused by SMTP is kept only until the worker delivers it", async () => {
    const link = "http://colmo.test/portal/activate?token=segreto-retry-456";
    const res = await sendMail(
      t.db,
      { to: "retry@example.it", subject: "Invito", text: `Link: ${LINK_SLOT}`, oneTimeLink: link },
      { smtpUrl: "smtp://127.0.0.1:1?connectionTimeout=2000", dataDir },
    );
    expect(res.status).toBe("failed");
    const [pending] = await t.db.select().from(outbox).where(eq(outbox.id, res.id));
    expect(pending!.secretLink).toBe(link);
    expect(pending!.text).not.toContain("segreto-retry-456");
    await t.db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(outbox.id, res.id));
    const delivered: string[] = [];
    await processOutbox(t.db, createDiskStorage(uploadsDir(dataDir)), async (m) => void delivered.push(m.text));
    expect(delivered).toContain("Link: http://colmo.test/portal/activate?token=segreto-retry-456");
    const [sent] = await t.db.select().from(outbox).where(eq(outbox.id, res.id));
    expect(sent).toMatchObject({ secretLink: null, error: null });
    expect(sent!.sentAt).not.toBeNull();
  });

  it("without SMTP the link is not kept at all; MAIL_DROP_DIR (tests) gets the recipient's copy", async () => {
    const drop = path.join(dataDir, "drop");
    const res = await sendMail(
      t.db,
      {
        to: "drop@example.it",
        subject: "Invito",
        text: `Link: ${LINK_SLOT}`,
        oneTimeLink: "http://x/activate?token=abc",
      },
      { smtpUrl: undefined, dataDir, mailDropDir: drop },
    );
    const [row] = await t.db.select().from(outbox).where(eq(outbox.id, res.id));
    expect(row).toMatchObject({ restricted: true, secretLink: null, text: `Link: ${LINK_SLOT}` });
    expect(await fs.readFile(path.join(drop, `${res.id}.txt`), "utf8")).toContain("Link: http://x/activate?token=abc");
  });
});
