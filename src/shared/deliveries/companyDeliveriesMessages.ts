/**
 * Every text of the company dashboard's "Deliveries" tab: the company's bookings, newest first.
 * The status words are the tracking page's (bookingMessages.statuses). A value reads only its
 * parameters, as in the main catalogue (src/shared/messages.ts).
 */
export const companyDeliveriesMessages = {
  heading: 'Your deliveries',
  loading: 'Loading your deliveries…',
  loadFailed: 'We could not load your deliveries. Check your connection and try again.',
  tryAgain: 'Try again',
  empty: 'You have not booked a delivery yet. Book one and it shows here, with its status.',
  sendParcel: 'Send a parcel',
  loadMore: 'Load more',
  moreFailed: 'We could not load more deliveries.',
  route: (from: string, to: string) => `${from} → ${to}`,
  booked: (date: string) => `Booked ${date}`,
} as const;
