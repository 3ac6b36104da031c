/** The brand and contact details, kept in one place (DESIGN.md §9). */
export const site = {
  name: 'Ogba Dispatch',
  tagline: 'Same-day pickup and delivery across Lagos',
  /** Footer aim (spec §1). */
  aim: 'Our aim is to be the best logistics company in the country.',
  address: '12 Ogba Road, Ogba, Ikeja, Lagos, Nigeria',
  /** Where the address is on a map (Contact Us). */
  coordinates: { lat: 6.6303, lon: 3.3411 },
  phoneDisplay: '+234 801 234 5678',
  phoneE164: '+2348012345678',
  email: 'hello@ogbadispatch.ng',
  noReply: 'no-reply@ogbadispatch.ng',
  social: {
    x: 'https://x.com/ogbadispatch',
    instagram: 'https://www.instagram.com/ogbadispatch',
  },
} as const;

export function whatsappUrl(): string {
  return `https://wa.me/${site.phoneE164.replace(/\D/g, '')}`;
}
