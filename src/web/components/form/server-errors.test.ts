import { describe, expect, it, vi } from "vitest";
import { applyServerErrors, isApiErrorLike, serverErrorMessage } from "./server-errors";

function fakeForm() {
  return { setError: vi.fn() };
}

describe("applyServerErrors", () => {
  it("sets one error per field, focusing the first, plus the general message", () => {
    const form = fakeForm();
    const count = applyServerErrors(form, {
      status: 422,
      body: {
        message: "Dati non validi",
        errors: {
          email: "Email già usata",
          "lines.0.quantity": "Quantità > 0",
        },
      },
    });
    expect(count).toBe(2);
    expect(form.setError).toHaveBeenCalledWith(
      "email",
      { type: "server", message: "Email già usata" },
      { shouldFocus: true },
    );
    expect(form.setError).toHaveBeenCalledWith(
      "lines.0.quantity",
      { type: "server", message: "Quantità > 0" },
      { shouldFocus: false },
    );
    expect(form.setError).toHaveBeenCalledWith("root.server", {
      type: "422",
      message: "Dati non validi",
    });
  });

  it("falls back to an Italian message by status", () => {
    const form = fakeForm();
    expect(applyServerErrors(form, { status: 409 })).toBe(0);
    expect(form.setError).toHaveBeenCalledWith("root.server", {
      type: "409",
      message: serverErrorMessage({ status: 409 }),
    });
  });

  it("ignores things that are not ApiError-like", () => {
    const form = fakeForm();
    expect(applyServerErrors(form, new Error("boom"))).toBe(0);
    expect(applyServerErrors(form, null)).toBe(0);
    expect(form.setError).not.toHaveBeenCalled();
    expect(isApiErrorLike({ status: "500" })).toBe(false);
  });
});
