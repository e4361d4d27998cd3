import { zxcvbn, zxcvbnOptions } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as italian from "@zxcvbn-ts/language-it";
import { usernameSchema } from "./auth";
import { userUpdateSchema } from "./users";
import { z } from "./zod";

// Password policy (docs/domain/roles.md): at least 12 characters, not common, not built from
// the user name. The strength estimate is zxcvbn-ts with its common (international leaked
// passwords, names, keyboard patterns) and Italian dictionaries. This module carries the
// dictionaries (~2 MB): only the screens that set a password import it, never the shared chunks.

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 200;
/** zxcvbn score 0-4; 3 means "safely unguessable: moderate protection from offline attacks". */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_TOO_SHORT = `Password: almeno ${PASSWORD_MIN_LENGTH} caratteri`;
export const PASSWORD_TOO_LONG = `Password: massimo ${PASSWORD_MAX_LENGTH} caratteri`;
export const PASSWORD_COMMON = "Password: troppo comune o facile da indovinare. Usa più parole insieme, numeri e simboli";
export const PASSWORD_HAS_USERNAME = "Password: non può contenere il nome utente";
export const PASSWORD_HINT = `Almeno ${PASSWORD_MIN_LENGTH} caratteri, non comune e senza il nome utente.`;

let configured = false;
function estimate(password: string, userInputs: string[]) {
  if (!configured) {
    zxcvbnOptions.setOptions({
      graphs: common.adjacencyGraphs,
      dictionary: { ...common.dictionary, ...italian.dictionary },
      translations: italian.translations,
    });
    configured = true;
  }
  return zxcvbn(password, userInputs);
}

const squash = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * The reason a new password is refused, in Italian, or null when it is acceptable.
 * Length first (cheap), then the user name, then the strength estimate.
 */
export function passwordProblem(password: string, username?: string | null): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  if (password.length > PASSWORD_MAX_LENGTH) return PASSWORD_TOO_LONG;
  const name = username ? squash(username) : "";
  // "mario.rossi" also forbids "MarioRossi2024!": separators and case do not make it a new password.
  if (name.length >= 3 && squash(password).includes(name)) return PASSWORD_HAS_USERNAME;
  const inputs = username ? [username, ...username.split(/[^\p{L}\p{N}]+/u).filter((p) => p.length >= 3)] : [];
  const result = estimate(password, inputs);
  if (result.score < PASSWORD_MIN_SCORE) {
    const why = result.feedback.warning;
    return why ? `${PASSWORD_COMMON}. ${why}` : PASSWORD_COMMON;
  }
  return null;
}

/** A new password on its own (the user name, when known, is checked by the object schemas). */
export const newPasswordSchema = z
  .string({ error: "Password: campo obbligatorio" })
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG)
  .superRefine((value, ctx) => {
    if (value.length < PASSWORD_MIN_LENGTH || value.length > PASSWORD_MAX_LENGTH) return;
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** Adds the user-name rule to an object schema holding both fields. */
function refineWithUsername(
  value: { username?: unknown; password?: unknown },
  ctx: z.RefinementCtx,
  passwordKey = "password",
) {
  const { username, password } = value;
  if (typeof username !== "string" || typeof password !== "string" || !password) return;
  const name = squash(username);
  if (name.length >= 3 && squash(password).includes(name)) {
    ctx.addIssue({ code: "custom", path: [passwordKey], message: PASSWORD_HAS_USERNAME });
  }
}

/** First start: the one-time code and the administrator account. */
export const setupSchema = z
  .object({
    token: z
      .string({ error: "Codice di configurazione: campo obbligatorio" })
      .trim()
      .min(1, "Codice di configurazione: campo obbligatorio"),
    username: usernameSchema,
    password: newPasswordSchema,
  })
  .superRefine((v, ctx) => refineWithUsername(v, ctx));
export type SetupInput = z.infer<typeof setupSchema>;

/** Every logged-in user: `POST /api/auth/password`. */
export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: "Password attuale: campo obbligatorio" })
    .min(1, "Password attuale: campo obbligatorio")
    .max(PASSWORD_MAX_LENGTH, "Password attuale: massimo 200 caratteri"),
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The "Cambia password" screen: the new password typed twice, and not the current one again. */
export const changePasswordFormSchema = z
  .object({
    currentPassword: changePasswordSchema.shape.currentPassword,
    newPassword: newPasswordSchema,
    confirm: z.string({ error: "Conferma password: campo obbligatorio" }),
    /** Known to the screen: lets the form refuse a password built from it before the server does. */
    username: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    refineWithUsername({ username: v.username, password: v.newPassword }, ctx, "newPassword");
    if (v.newPassword && v.newPassword === v.currentPassword)
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: "Password: deve essere diversa da quella attuale" });
    if (v.newPassword !== v.confirm) ctx.addIssue({ code: "custom", path: ["confirm"], message: "Le due password non coincidono" });
  });

// Portal accounts (docs/domain/roles.md). Without a password the client gets a one-time link.

const optionalPassword = z
  .union([z.literal(""), newPasswordSchema])
  .nullish()
  .transform((v) => (v ? v : null));

export const portalAccessCreateSchema = z
  .object({
    username: usernameSchema,
    password: optionalPassword,
    /** E-mail the one-time link to the client's address. */
    sendEmail: z.boolean().default(false),
  })
  .superRefine((v, ctx) => refineWithUsername(v, ctx));
export type PortalAccessCreateInput = z.input<typeof portalAccessCreateSchema>;

/** The user name is not in the body: the server checks it against the stored one. */
export const portalAccessResetSchema = z.object({
  password: optionalPassword,
  sendEmail: z.boolean().default(false),
});
export type PortalAccessResetInput = z.input<typeof portalAccessResetSchema>;

export const activateSchema = z.object({
  token: z.string({ error: "Link non valido" }).trim().min(20, "Link non valido").max(200, "Link non valido"),
  password: newPasswordSchema,
});
export type ActivateInput = z.input<typeof activateSchema>;

/** The activation page's form: the password typed twice (the user name is shown by the page). */
export const activationFormSchema = z
  .object({
    password: newPasswordSchema,
    confirm: z.string({ error: "Conferma password: campo obbligatorio" }),
    username: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    refineWithUsername(v, ctx);
    if (v.password !== v.confirm) ctx.addIssue({ code: "custom", path: ["confirm"], message: "Le due password non coincidono" });
  });

// Staff accounts (docs/domain/roles.md): without a password the person gets a one-time link.

/** `POST /api/users`: a staff account, with a password or an invitation link (e-mailed when asked). */
export const userCreateSchema = userUpdateSchema
  .extend({
    password: optionalPassword,
    /** Mail the invitation link to the user's address (when there is no password). */
    sendEmail: z.boolean().default(true),
  })
  .superRefine((v, ctx) => refineWithUsername(v, ctx));
export type UserCreateInput = z.input<typeof userCreateSchema>;
export type UserCreateValues = z.output<typeof userCreateSchema>;

/** `PUT /api/users/{id}`: the editable fields and, optionally, a new password. */
export const userUpdateBodySchema = userUpdateSchema
  .extend({ password: optionalPassword })
  .superRefine((v, ctx) => refineWithUsername(v, ctx));

/** `POST /api/users/{id}/reset-password`: a new password, or a new one-time link. */
export const userPasswordResetSchema = z.object({
  password: optionalPassword,
  sendEmail: z.boolean().default(true),
});
export type UserPasswordResetInput = z.input<typeof userPasswordResetSchema>;
