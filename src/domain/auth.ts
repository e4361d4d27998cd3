import { idSchema } from "./common";
import { userRoles } from "./statuses";
import { z } from "./zod";

export const usernameSchema = z
  .string({ error: "Nome utente: campo obbligatorio" })
  .trim()
  .min(3, "Nome utente: almeno 3 caratteri")
  .max(60, "Nome utente: massimo 60 caratteri")
  .regex(/^[A-Za-z0-9._@-]+$/, "Nome utente: usa solo lettere, numeri e . _ @ -");

export const loginSchema = z.object({
  username: z.string({ error: "Nome utente: campo obbligatorio" }).trim().min(1, "Nome utente: campo obbligatorio").max(200),
  password: z.string({ error: "Password: campo obbligatorio" }).min(1, "Password: campo obbligatorio").max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const sessionUserSchema = z.object({
  id: idSchema,
  username: z.string(),
  role: z.enum(userRoles.values),
  clientId: idSchema.nullable(),
  clientName: z.string().nullable(),
  name: z.string().nullable(),
  /** Two-factor sign-in is on for this account. */
  twoFactorEnabled: z.boolean(),
  /** An admin who must enrol two-factor first: every route but the profile's answers 403. */
  twoFactorSetupRequired: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

// setupSchema and every schema holding a new password live in ./passwords (password policy).
