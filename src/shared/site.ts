/**
 * The brand, kept in one place (DESIGN.md §9), and the shape of the business facts. The facts
 * (phone, WhatsApp, address, CAC number, opening hours, social links) are not written here: the
 * operator sets them (src/server/config.ts reads and checks them once at start-up with the rules
 * of ./businessFacts.ts), the browser gets them from GET /api/config, and a page shows a fact only when it is set.
 */
export const site = {
  name: 'Ogba Dispatch',
  tagline: 'Same-day pickup and delivery across Lagos',
  /** Footer aim (spec §1). */
  aim: 'Our aim is to be the best logistics company in the country.',
  email: 'hello@ogbadispatch.ng',
  noReply: 'no-reply@ogbadispatch.ng',
} as const;

export const SOCIAL_NETWORKS = ['x', 'instagram', 'facebook', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** The business facts the operator set; a fact not set is absent, and nothing shows it. */
export interface BusinessFacts {
  /** E.164, e.g. +2348012345678. */
  phone?: string;
  /** E.164: the number WhatsApp messages go to. */
  whatsapp?: string;
  address?: string;
  /** Where the address is on a map (Contact Us), when given with the address. */
  mapLocation?: { lat: number; lon: number };
  /** "RC123456" or "BN1234567". */
  cacNumber?: string;
  /** As people read them, e.g. "Monday to Saturday, 8am to 6pm". */
  openingHours?: string;
  social?: Partial<Record<SocialNetwork, string>>;
}

/** +2348012345678 → "+234 801 234 5678", how the number reads on the site. */
export function phoneForDisplay(e164: string): string {
  const match = /^\+234(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return match ? `+234 ${match[1]} ${match[2]} ${match[3]}` : e164;
}

export function whatsappUrl(e164: string): string {
  return `https://wa.me/${e164.replace(/\D/g, '')}`;
}

/** The words around the business facts; each shows only beside its fact. */
export const businessMessages = {
  call: (phone: string) => `Call ${phone}`,
  whatsapp: 'WhatsApp',
  email: (email: string) => `E-mail ${email}`,
  social: { x: 'X', instagram: 'Instagram', facebook: 'Facebook', linkedin: 'LinkedIn' },
  xFormerly: ' (formerly Twitter)',
  cacNumber: (number: string) => `CAC registration ${number}`,
  openingHours: (hours: string) => `Open ${hours}`,
  inAHurry: 'In a hurry? Call',
  mapTitle: (address: string) => `Map of ${address}`,
};
