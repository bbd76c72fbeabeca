/** Where the contact-us links go (the provider's support address is not in the spec: see the README's notes). */
export const CONTACT_US_URL = 'mailto:support@onboarding.local';
