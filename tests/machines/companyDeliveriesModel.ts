/**
 * The events the company's deliveries list machine (machines/deliveries/companyDeliveriesMachine.ts)
 * is explored with, shared by its model-based test, its view test, its stories and its test plan:
 * the network's answers to the request in flight (a page with a next one, the last page, an empty
 * first page, a failure) and what the company does (Try again, Load more, only when offered).
 */
import type { CompanyDeliveriesEvent, CompanyDeliveriesPage, CompanyDeliveriesSnapshot, CompanyDeliveryItem } from '../../machines/deliveries/companyDeliveriesMachine';
import { SubmitError } from '../../machines/kit/formMachine';
import { messages } from '../../src/shared/messages';

const STATUSES = ['booked', 'assigned', 'picked_up', 'delivered', 'cancelled'];

export function delivery(n: number, overrides: Partial<CompanyDeliveryItem> = {}): CompanyDeliveryItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    reference: `LD-${String(1000 + n)}`,
    status: STATUSES[n % STATUSES.length]!,
    price_kobo: 250_000 + n * 5_000,
    payment: 'cash_on_pickup',
    pickup: { area: 'Ikeja' },
    // Every third one goes abroad: the list names the city and country.
    dropoff: n % 3 === 0 ? { country: 'GB', city: 'London' } : { area: 'Lekki Phase 1' },
    pickup_at: null,
    created_at: `2026-11-${String(20 - n).padStart(2, '0')}T09:30:00.000Z`,
    ...overrides,
  };
}

export const FIRST_CURSOR = 'cursor-after-2';
export const SECOND_CURSOR = 'cursor-after-3';
/** The first page, with more to come. */
export const firstPage: CompanyDeliveriesPage = { items: [delivery(1), delivery(2)], next: FIRST_CURSOR };
/** A middle page: one more booking, and still more. */
export const middlePage: CompanyDeliveriesPage = { items: [delivery(3)], next: SECOND_CURSOR };
/** The last page. */
export const lastPage: CompanyDeliveriesPage = { items: [delivery(4)], next: null };
export const emptyPage: CompanyDeliveriesPage = { items: [], next: null };

export type DeliveriesModelEvent =
  | CompanyDeliveriesEvent
  | { type: 'xstate.done.actor.loadFirst' | 'xstate.done.actor.loadMore'; output: CompanyDeliveriesPage }
  | { type: 'xstate.error.actor.loadFirst' | 'xstate.error.actor.loadMore'; error: unknown };

export const loadFailure = () => new SubmitError({ field: 'alert', message: messages.submitFailed });

/** What can happen in the state: the clicks the screen offers, or the network's answers. */
export function deliveriesEvents(snapshot: CompanyDeliveriesSnapshot): DeliveriesModelEvent[] {
  if (snapshot.matches('loading')) {
    return [
      { type: 'xstate.done.actor.loadFirst', output: firstPage },
      { type: 'xstate.done.actor.loadFirst', output: lastPage },
      { type: 'xstate.done.actor.loadFirst', output: emptyPage },
      { type: 'xstate.error.actor.loadFirst', error: loadFailure() },
    ];
  }
  if (snapshot.matches('loadingMore')) {
    return [
      { type: 'xstate.done.actor.loadMore', output: middlePage },
      { type: 'xstate.done.actor.loadMore', output: lastPage },
      { type: 'xstate.error.actor.loadMore', error: loadFailure() },
    ];
  }
  if (snapshot.matches('failed')) return [{ type: 'RETRY' }];
  if (snapshot.matches('moreFailed')) return [{ type: 'MORE' }];
  if (snapshot.matches('list')) return snapshot.context.next === null ? [] : [{ type: 'MORE' }];
  return [];
}

/** Where the machine is, whether bookings are shown, whether a next page is known. */
export function serializeDeliveries(snapshot: CompanyDeliveriesSnapshot): string {
  return JSON.stringify([snapshot.value, snapshot.context.items.length > 0, snapshot.context.next !== null]);
}
