import { z } from "./zod";

/** What anyone may read: the landing title and the portal's help contacts. */
export const publicCompanySchema = z.object({
  companyName: z.string(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type PublicCompany = z.infer<typeof publicCompanySchema>;
