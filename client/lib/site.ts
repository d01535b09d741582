/** The support address shown across the site. Matches the server's default SUPPORT_EMAIL; change both together. */
export const SUPPORT_EMAIL = 'support@roomstage.app';
export const SUPPORT_MAILTO = `mailto:${SUPPORT_EMAIL}`;
