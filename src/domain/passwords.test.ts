import { describe, expect, it } from "vitest";
import { changePasswordFormSchema, passwordProblem, PASSWORD_HAS_USERNAME, PASSWORD_TOO_SHORT, setupSchema } from "./passwords";

describe("password policy", () => {
  it("accepts long unpredictable passwords", () => {
    for (const p of ["Gronda-Nuova-Lamiera-1", "una password lunga", "Comignolo-Ardesia-48"]) expect(passwordProblem(p, "mario.rossi")).toBeNull();
  });

  it("refuses short, common and keyboard passwords with an Italian reason", () => {
    expect(passwordProblem("Gronda-7!")).toBe(PASSWORD_TOO_SHORT);
    for (const p of ["password123456", "juventus1234", "qwertyuiop123", "ciaociaociao"]) expect(passwordProblem(p)).toMatch(/^Password: troppo comune/);
  });

  it("refuses passwords built from the user name, whatever the case and separators", () => {
    expect(passwordProblem("MarioRossi-1975!", "mario.rossi")).toBe(PASSWORD_HAS_USERNAME);
    expect(passwordProblem("password-e2e-admin", "admin")).toBe(PASSWORD_HAS_USERNAME);
  });

  it("the shared schemas name the field", () => {
    const setup = setupSchema.safeParse({ token: "x", username: "titolare", password: "Titolare-2026-Gronda" });
    expect(setup.success).toBe(false);
    expect(setup.error!.issues[0]).toMatchObject({ path: ["password"], message: PASSWORD_HAS_USERNAME });
    const form = changePasswordFormSchema.safeParse({ currentPassword: "vecchia", newPassword: "Gronda-Nuova-Lamiera-1", confirm: "altro" });
    expect(form.error!.issues).toEqual([expect.objectContaining({ path: ["confirm"], message: "Le due password non coincidono" })]);
  });
});
