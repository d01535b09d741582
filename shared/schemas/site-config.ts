import { z } from 'zod';

/** GET /api/config: the support contacts the pages show, from the server's configuration. */
export const siteConfigSchema = z.object({
  supportEmail: z.string(),
  /** True when SUPPORT_PHONE is configured: phone support is offered to the plans that include it. */
  phoneSupport: z.boolean(),
  /** The number itself, only for a signed-in user whose plan includes phone support; otherwise null. */
  supportPhone: z.string().nullable(),
  /** Plans whose subscribers get phone support. */
  phonePlans: z.array(z.string()),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
