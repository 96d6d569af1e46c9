// Contact addresses printed on the static pages (one place to change them).
export const CONTACT = {
  support: 'support@aicreativetoolbox.com',
  billing: 'billing@aicreativetoolbox.com',
  privacy: 'privacy@aicreativetoolbox.com',
} as const;
