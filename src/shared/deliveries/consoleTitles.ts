/**
 * The names of the console's delivery pages that the page-title table (src/shared/seo.ts) needs,
 * kept apart from the screens' catalogues (./boardMessages.ts, ./rateCardMessages.ts spread them
 * in): seo.ts is in every page's first chunk, and importing a catalogue whole put ~6.7 kB of
 * console texts there, on every page.
 */
export const boardTitles = {
  navLabel: 'Dispatch',
  heading: 'Dispatch board',
  detailLabel: 'Delivery',
} as const;

export const rateCardTitles = {
  navLabel: 'Rate card',
} as const;
