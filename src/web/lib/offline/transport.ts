import type { ErrorBody } from "@domain/common";
import { SYNC_HEADER } from "./field-reads";
import { SIGNED_OUT, type QueuedWrite, type SendOutcome } from "./queue";

const surveyUrl = (id: string) => `/api/surveys/${id}`;
const siteUrl = (id: string) => `/api/construction-sites/${id}`;
const recordUrl = (t: QueuedWrite["target"]) => (t.kind === "survey" ? surveyUrl(t.id) : siteUrl(t.id));

/** The record as the server has it now, past the service worker's cache. */
async function current(t: QueuedWrite["target"]): Promise<Record<string, unknown> & { version: number }> {
  const res = await fetch(recordUrl(t), {
    headers: { accept: "application/json", [SYNC_HEADER]: "1" },
    credentials: "include",
  });
  if (!res.ok) throw new HttpFailure(res.status, await errorBody(res));
  return (await res.json()) as Record<string, unknown> & { version: number };
}

class HttpFailure extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | null,
  ) {
    super(body?.message ?? `${status}`);
  }
}

async function errorBody(res: Response): Promise<ErrorBody | null> {
  try {
    return (await res.json()) as ErrorBody;
  } catch {
    return null;
  }
}

/** The survey as the office's PUT expects it (the whole record), with the technician's fields on top. */
function surveyPut(record: Record<string, unknown>, changes: Record<string, string>, version: number) {
  const keys = [
    "clientId",
    "contactId",
    "date",
    "time",
    "address",
    "description",
    "notes",
    "status",
    "surveyType",
    "estimatedDuration",
    "requiredEquipment",
    "accessConditions",
    "issuesFound",
    "measurements",
    "photosNotes",
    "urgencyLevel",
    "weatherConditions",
    "ownerPresent",
    "safetyNotes",
    "followUpRequired",
    "followUpDate",
    "assignedUserId",
  ];
  const body: Record<string, unknown> = {};
  // The form's convention (surveyToInput): an empty field is "", never null.
  for (const k of keys) body[k] = record[k] ?? "";
  body.ownerPresent = Boolean(record.ownerPresent);
  body.followUpRequired = Boolean(record.followUpRequired);
  return { ...body, ...changes, version };
}

async function request(item: QueuedWrite): Promise<Response> {
  const headers: Record<string, string> = { accept: "application/json", "idempotency-key": item.id };
  const json = (method: string, url: string, body: unknown) =>
    fetch(url, {
      method,
      credentials: "include",
      headers: { ...headers, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const p = item.payload;
  const version = item.version ?? 0;
  switch (p.kind) {
    case "note":
      return json("POST", `${recordUrl(item.target)}/notes`, { text: p.text });
    case "progress":
      return json("PUT", `${siteUrl(item.target.id)}/progress`, { progress: p.progress, version });
    case "complete":
      return json("POST", `${surveyUrl(item.target.id)}/complete`, { version });
    case "results": {
      // The PUT replaces the whole survey: built on the server's record of now, so a note the
      // technician appended before is kept, and sent with his version, so the office's edit is not.
      const record = await current(item.target);
      if (record.version !== version)
        throw new HttpFailure(409, { message: "stale", errors: { version: "stale" } } as ErrorBody);
      return json("PUT", surveyUrl(item.target.id), surveyPut(record, p.changes as Record<string, string>, version));
    }
    case "photo": {
      const body = new FormData();
      body.append("files", p.blob, p.fileName);
      return fetch(`/api/attachments?entityType=${item.target.kind}&entityId=${item.target.id}`, {
        method: "POST",
        body,
        credentials: "include",
        headers,
      });
    }
  }
}

/** One item on the wire, its answer turned into what the queue does next. */
export async function sendWrite(item: QueuedWrite): Promise<SendOutcome> {
  let res: Response;
  try {
    res = await request(item);
  } catch (e) {
    if (e instanceof HttpFailure) return answer(item, e.status, e.body);
    // fetch rejects only when nothing came back: no signal.
    return { kind: "offline" };
  }
  if (res.ok) {
    const body = (await res.json().catch(() => null)) as { version?: unknown } | null;
    return { kind: "ok", version: body && typeof body.version === "number" ? body.version : undefined };
  }
  return answer(item, res.status, await errorBody(res));
}

async function answer(item: QueuedWrite, status: number, body: ErrorBody | null): Promise<SendOutcome> {
  if (status === 409 && body?.errors && "version" in body.errors) {
    try {
      return { kind: "conflict", theirs: await current(item.target) };
    } catch {
      return { kind: "offline" };
    }
  }
  if (status === 401) return { kind: "retry", message: SIGNED_OUT };
  if (status >= 500 || status === 429)
    return { kind: "retry", message: body?.message ?? "Il server non risponde: nuovo tentativo tra poco" };
  return { kind: "rejected", message: body?.message ?? `Errore ${status}` };
}
