import { usernameSchema } from "./auth";
import { idSchema, listQuery, optionalFormat, requiredText } from "./common";
import { staffRoles, userRoles } from "./statuses";
import { labelled } from "./labels";
import { emailSchema } from "./validators";
import { z } from "./zod";

// The firm's own accounts (docs/domain/roles.md, issue 19): admin only. Portal users (role
// client) stay on the client detail page; this module never lists, edits or deletes them.
// Schemas holding a password live in ./passwords (the policy's dictionaries stay out of the chunks).

const emptyToUndefined = (v: unknown) => (v === "" || v === "all" ? undefined : v);

export const staffRoleSchema = z.enum(staffRoles, { error: "Ruolo: scegli Amministratore, Ufficio o Tecnico" });

/** The colour of the person in the calendar. */
export const userColorSchema = optionalFormat(
  z.string().trim().toLowerCase().regex(/^#[0-9a-f]{6}$/, "Colore: usa il formato #rrggbb"),
);

/** "attivo" can log in, "invitato" has not chosen a password yet, "disattivato" cannot log in. */
export const userStatuses = labelled(["attivo", "invitato", "disattivato"] as const, {
  attivo: "Attivo",
  invitato: "Invito in attesa",
  disattivato: "Disattivato",
});
export type UserStatus = (typeof userStatuses.values)[number];

/** The editable fields of a staff account (`PUT /api/users/{id}`). */
export const userUpdateSchema = z.object({
  username: usernameSchema,
  name: requiredText("Nome e cognome", 120),
  email: optionalFormat(emailSchema),
  role: staffRoleSchema,
  disabled: z.boolean({ error: "Disattivato: valore non valido" }).default(false),
  color: userColorSchema,
});
export type UserUpdateInput = z.input<typeof userUpdateSchema>;
export type UserUpdateValues = z.output<typeof userUpdateSchema>;

export const userSchema = z.object({
  id: idSchema,
  username: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  role: z.enum(userRoles.values),
  color: z.string().nullable(),
  disabled: z.boolean(),
  /** Signs in with an authenticator app (the secret itself never leaves the server). */
  twoFactorEnabled: z.boolean(),
  status: z.enum(userStatuses.values),
  inviteExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

/** A create or a reset: the user, and the one-time link when one was issued (shown once). */
export const userWithLinkSchema = userSchema.extend({
  activationUrl: z.string().nullable(),
  activationExpiresAt: z.string().nullable(),
  emailedTo: z.string().nullable(),
});
export type UserWithLink = z.infer<typeof userWithLinkSchema>;

export const userListQuerySchema = listQuery(["username", "name", "role", "createdAt", "lastLoginAt"] as const).extend({
  role: z.preprocess(emptyToUndefined, staffRoleSchema.optional()),
  status: z.preprocess(emptyToUndefined, z.enum(userStatuses.values, { error: "Stato: valore non valido" }).optional()),
});
export type UserListQuery = z.input<typeof userListQuerySchema>;
export type UserListParams = Partial<z.output<typeof userListQuerySchema>>;

/** The last active administrator stays (docs/domain/roles.md): answered with 409. */
export const LAST_ADMIN =
  "Deve restare almeno un amministratore attivo: nomina prima un altro amministratore.";
export const SELF_CHANGE = "Non puoi disattivare, eliminare o cambiare il ruolo del tuo utente: chiedilo a un altro amministratore.";
export const USERNAME_TAKEN = "Nome utente già in uso";

export const userDeleteQuestion = (u: { username: string; name: string | null }) =>
  `Sei sicuro di voler eliminare l'utente "${u.name ? `${u.name} (${u.username})` : u.username}"? Le sue sessioni verranno chiuse; le attività registrate restano con il suo nome.`;

export const userLabel = (u: { username: string; name: string | null }) => (u.name ? `${u.name} (${u.username})` : u.username);
