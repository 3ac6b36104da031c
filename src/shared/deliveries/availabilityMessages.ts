/**
 * The texts of the "Available for deliveries" switch, on the rider dashboard's card and on the job
 * screen (its own module, so the dashboard carries these lines and not the job screen's).
 */
export const availabilityMessages = {
  availability: 'Available for deliveries',
  areas: 'Areas you cover',
  areasHint: 'Lagos areas, separated by commas, e.g. Yaba, Surulere, Ikeja',
  switchOn: 'Start taking deliveries',
  switchOff: 'Stop taking deliveries',
  saving: 'Saving…',
  availableNow: 'You are available for deliveries.',
  notAvailable: 'You are not taking deliveries now.',
  availabilityLoading: 'Loading whether you take deliveries…',
  availabilityLoadFailed: 'We could not load whether you take deliveries.',
  retry: 'Try again',
} as const;
