import { describe, expect, it } from "vitest";
import { redactUrl } from "../app";

describe("redactUrl", () => {
  it("hides the query of activation, setup and reset links and the values of secret parameters", () => {
    expect(redactUrl("/portal/activate?token=abc")).toBe("/portal/activate?[nascosto]");
    expect(redactUrl("/portal/%61ctivate?token=abc")).toBe("/portal/%61ctivate?[nascosto]");
    expect(redactUrl("/setup?x=abc")).toBe("/setup?[nascosto]");
    expect(redactUrl("/api/x?page=2&Token=abc&code=def")).toBe("/api/x?page=2&Token=[nascosto]&code=[nascosto]");
    expect(redactUrl("/api/x?%74oken=abc")).toBe("/api/x?%74oken=[nascosto]");
    expect(redactUrl("/api/clients?limit=10")).toBe("/api/clients?limit=10");
    expect(redactUrl("/api/clients")).toBe("/api/clients");
  });
});
