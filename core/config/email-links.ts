// How long the links the portal emails keep working (confirmation and email binding), read by the
// server that signs them and by the pages that say so.

/** Confirmation and binding links work for 48 hours. */
export const EMAIL_LINK_HOURS = 48;
