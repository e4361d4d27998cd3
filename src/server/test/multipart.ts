export type Part = { name?: string; fileName: string; type: string; data: Buffer };

/** A multipart/form-data body for app.inject: the payload and its content-type header. */
export function multipart(parts: Part[]) {
  const boundary = "----colmo" + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${p.name ?? "files"}"; filename="${p.fileName}"\r\nContent-Type: ${p.type}\r\n\r\n`,
      ),
    );
    chunks.push(p.data, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}
