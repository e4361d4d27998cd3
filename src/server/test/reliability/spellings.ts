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
 * Random spellings of a path: each letter percent-encoded (lower- or upper-case hex) with even
 * odds, plus at most one twist (a case flip, a doubled slash or a `/./`) and an optional tail
 * (`/`, `;param`, `%2f`, `/.`). Unbiased: fast-check's default bias would favour the plain path.
 */
export function randomSpelling(path: string): fc.Arbitrary<string> {
  const chars = [...path];
  const letters = chars.flatMap((c, i) => (/[a-z]/i.test(c) ? [i] : []));
  const slashes = chars.flatMap((c, i) => (c === "/" ? [i] : []));
  return fc.noBias(
    fc
      .tuple(
        fc.array(fc.constantFrom("keep", "encode", "ENCODE"), { minLength: chars.length, maxLength: chars.length }),
        fc.oneof(
          fc.constant(null),
          fc
            .constantFrom(...letters)
            .map((i) => ({
              i,
              to: chars[i] === chars[i]!.toLowerCase() ? chars[i]!.toUpperCase() : chars[i]!.toLowerCase(),
            })),
          fc.constantFrom(...slashes).map((i) => ({ i, to: "//" })),
          fc.constantFrom(...slashes).map((i) => ({ i, to: "/./" })),
        ),
        fc.constantFrom("", "", "/", ";x=1", "%2f", "/."),
      )
      .map(([ops, twist, tail]) => {
        const out = chars.map((c, i) => {
          if (twist?.i === i) return twist.to;
          if (!/[a-z]/i.test(c) || ops[i] === "keep") return c;
          return ops[i] === "encode" ? hex(c) : hex(c).toUpperCase();
        });
        return out.join("") + tail;
      }),
  );
}
