/**
 * What every invoice page shares: the plan feature they need (PDF invoices), and what their
 * redirects mean, the sign-in and the feature's page included.
 */
export const SEE_OTHER = {
  description: "Post/Redirect/Get, the sign-in page without a session, or the plan feature's page without the feature (Location)",
};
export const FEATURE = 'pdf_invoices';
