import fc from "fast-check";

// The spellings of a path that an attacker tries instead of the canonical one: the permissions
// tests (spellings.test.ts) call every route under the fixed list, the fuzzer (fuzz.test.ts)
// under random combinations.

/** Spellings of a canonical path (without query) that a router or proxy might read as the same. */
export function spellingsOf(path: string): string[] {
  const segments = path.split("/").slice(1);
  const encodeFirstLetter = (segment: string) => {
    const i = segment.search(/[a-z]/i);
    return i < 0 ? segment : segment.slice(0, i) + "%" + segment.charCodeAt(i).toString(16) + segment.slice(i + 1);
  };
  const withSegment = (index: number, value: string) =>
    "/" + segments.map((s, i) => (i === index ? value : s)).join("/");
  const last = segments.length - 1;
  return [
    withSegment(0, encodeFirstLetter(segments[0]!)),
    withSegment(0, "ap%69"),
    withSegment(0, "%2561pi"),
    withSegment(1, encodeFirstLetter(segments[1] ?? "")),
    withSegment(0, "API"),
    withSegment(1, (segments[1] ?? "").toUpperCase()),
    "/" + path,
    path.replace("/api/", "/api//"),
    path.replace("/api/", "/api/./"),
    path.replace("/api/", "/./api/"),
    path.replace("/api/", "/api/x/../"),
    path.replace("/api/", "/api%2f"),
    path.replace("/api/", "/api\\"),
    path + "/",
    path + ";x=1",
    withSegment(last, segments[last] + ";jsessionid=1"),
    path.replace("/api/", "/api;x=1/"),
  ];
}

const hex = (c: string) => "%" + c.charCodeAt(0).toString(16).padStart(2, "0");

/**
 * Random spellings of a path: letters percent-encoded (upper- or lower-case hex) or case-flipped,
 * slashes doubled or followed by `./`, and an optional trailing `/`, `;param` or `%2f`.
 */
export function randomSpelling(path: string): fc.Arbitrary<string> {
  const chars = [...path];
  return fc
    .tuple(
      fc.array(fc.constantFrom("keep", "keep", "keep", "encode", "ENCODE", "case", "dot", "double"), {
        minLength: chars.length,
        maxLength: chars.length,
      }),
      fc.constantFrom("", "", "/", ";x=1", "%2f", "/."),
    )
    .map(([ops, tail]) => {
      const out = chars.map((c, i) => {
        const op = ops[i];
        if (c === "/") return op === "dot" ? "/./" : op === "double" ? "//" : c;
        if (/[a-z]/i.test(c)) {
          if (op === "encode") return hex(c);
          if (op === "ENCODE") return hex(c).toUpperCase();
          if (op === "case") return c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase();
        }
        return c;
      });
      return out.join("") + tail;
    });
}
