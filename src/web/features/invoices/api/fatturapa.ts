import { ApiError } from "@web/lib/api";

/**
 * Downloads the FatturaPA XML. The server answers 409 with what is missing (company or client
 * fiscal data): that message is thrown so the page can show it instead of a JSON file.
 */
export async function downloadFatturaPa(id: string) {
  const res = await fetch(`/api/invoices/${id}/fatturapa`, { credentials: "include" });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(res.status, body?.message ?? `${res.status}: ${res.statusText}`);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get("Content-Disposition") ?? "")?.[1] ?? "fattura.xml";
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
  return name;
}
