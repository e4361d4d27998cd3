import { describe, expect, it } from "vitest";
import { cleanFileName, detectFileType, formatFileSize, nameForType } from "./attachments";

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("detectFileType", () => {
  it("recognises the accepted types by their first bytes", () => {
    expect(detectFileType(bytes([0xff, 0xd8, 0xff, 0xe1], [0, 0]))?.mime).toBe("image/jpeg");
    expect(detectFileType(bytes([0x89], "PNG", [0x0d, 0x0a, 0x1a, 0x0a]))?.ext).toBe("png");
    expect(detectFileType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))?.mime).toBe("image/webp");
    expect(detectFileType(bytes([0, 0, 0, 0x18], "ftypheic", [0, 0]))?.mime).toBe("image/heic");
    expect(detectFileType(bytes([0, 0, 0, 0x18], "ftypmif1"))?.mime).toBe("image/heic");
    expect(detectFileType(bytes("%PDF-1.7"))?.mime).toBe("application/pdf");
  });

  it("refuses anything else, whatever its name", () => {
    expect(detectFileType(bytes("MZ", [0x90, 0]))).toBeNull();
    expect(detectFileType(bytes("GIF89a"))).toBeNull();
    expect(detectFileType(bytes([0, 0, 0, 0x18], "ftypmp42"))).toBeNull();
    expect(detectFileType(bytes("<svg xmlns"))).toBeNull();
    expect(detectFileType(new Uint8Array())).toBeNull();
  });
});

describe("cleanFileName", () => {
  it("keeps the name, drops paths and control characters", () => {
    expect(cleanFileName("C:\\Users\\foto tetto.jpg", "jpg")).toBe("foto tetto.jpg");
    expect(cleanFileName("../../etc/passwd", "pdf")).toBe("passwd");
    expect(cleanFileName('a"b\u0000.png', "png")).toBe("ab.png");
    expect(cleanFileName("", "pdf")).toBe("file.pdf");
  });
});

it("formats sizes the Italian way", () => {
  expect(formatFileSize(512)).toBe("512 B");
  expect(formatFileSize(2048)).toBe("2 KB");
  expect(formatFileSize(3.5 * 1024 * 1024)).toBe("3,5 MB");
});

describe("nameForType", () => {
  it("gives the display name the extension of the detected type", () => {
    expect(nameForType("foto.png", "jpg")).toBe("foto.jpg");
    expect(nameForType("pagina.html", "png")).toBe("pagina.png");
    expect(nameForType("FOTO.JPEG", "jpg")).toBe("FOTO.JPEG");
    expect(nameForType("scatto.HEIF", "heic")).toBe("scatto.HEIF");
    expect(nameForType("relazione finale", "pdf")).toBe("relazione finale.pdf");
    expect(nameForType("tetto v1.2 sud.png", "png")).toBe("tetto v1.2 sud.png");
    expect(nameForType(".html", "png")).toBe("file.png");
  });
});
