/**
 * Real snapshots of the inbox machines for the console's inbox stories: the item machine
 * (machines/ops/inboxItemMachine.ts) and the console list machine, each moved with pure
 * transitions through the events a story names.
 */
import { initialTransition, transition } from 'xstate';
import { SubmitError } from '../../machines/kit/formMachine';
import { inboxItemMachine, inboxItemSnapshotToView, type InboxItemEvent, type InboxItemView } from '../../machines/ops/inboxItemMachine';
import { pagedListMachine, pagedListView, type PagedListEvent, type PagedListView } from '../../machines/kit/pagedListMachine';
import type { InboxItemDetail, InboxListItem, InboxStatus } from '../../src/shared/inbox';
import { messages } from '../../src/shared/messages';

export const STORY_ITEM_ID = '0b9c6a52-3f0e-4b1b-9a57-2d6f7c0e8a11';
const DESK = { id: '5d7e2c1a-8b44-4f0e-a1c2-93b7d1e0f001', email: 'tolu@ogbadispatch.ng' };
const COLLEAGUE = { id: '5d7e2c1a-8b44-4f0e-a1c2-93b7d1e0f002', email: 'bisi@ogbadispatch.ng' };
export const STORY_NOTE = 'Rang her at 10:40, she wants a weekly price.';
export const STORY_REPLY = 'Good afternoon Funke,\n\nOgba to Lekki is ₦4,500 for a small parcel; weekly pickups are 10% less.';

export function storyItem(status: InboxStatus, withTimeline = false): InboxItemDetail {
  return {
    item: {
      id: STORY_ITEM_ID,
      kind: 'quote',
      name: 'Funke Adeyemi',
      email: 'funke@example.com',
      phone: '08031234567',
      message: 'How much to send 3 parcels from Ogba to Lekki every week? We start in December.',
      status,
      assignee: withTimeline ? COLLEAGUE : null,
      createdAt: '2026-11-20T09:15:00.000Z',
      updatedAt: '2026-11-20T11:02:00.000Z',
    },
    timeline: withTimeline
      ? [
          { id: 'n1', kind: 'note', staffEmail: COLLEAGUE.email, subject: null, body: STORY_NOTE, createdAt: '2026-11-20T10:40:00.000Z' },
          { id: 'r1', kind: 'reply', staffEmail: DESK.email, subject: 'Your quote request to Ogba Dispatch', body: STORY_REPLY, createdAt: '2026-11-20T11:02:00.000Z' },
        ]
      : [],
    staff: [COLLEAGUE, DESK],
    replyTo: 'desk@ogbadispatch.ng',
  };
}

export type ItemStoryEvent =
  | InboxItemEvent
  | { type: `xstate.done.actor.${string}`; output: InboxItemDetail }
  | { type: `xstate.error.actor.${string}`; error: unknown };

export function itemViewAfter(events: readonly ItemStoryEvent[]): InboxItemView {
  let [snapshot] = initialTransition(inboxItemMachine, { id: STORY_ITEM_ID });
  for (const event of events) [snapshot] = transition(inboxItemMachine, snapshot, event as InboxItemEvent);
  return inboxItemSnapshotToView(snapshot);
}

export const onItem = {
  loaded: (detail: InboxItemDetail): ItemStoryEvent => ({ type: 'xstate.done.actor.loadItem', output: detail }),
  loadFailed: { type: 'xstate.error.actor.loadItem', error: new SubmitError({ field: 'alert', message: messages.submitFailed }) } as ItemStoryEvent,
  done: (actor: string, detail: InboxItemDetail): ItemStoryEvent => ({ type: `xstate.done.actor.${actor}`, output: detail }),
  refused: (actor: string, field: string, message: string): ItemStoryEvent => ({ type: `xstate.error.actor.${actor}`, error: new SubmitError({ field, message }) }),
};

export const storyInboxRows: InboxListItem[] = [
  { id: 'i1', kind: 'quote', name: 'Funke Adeyemi', email: 'funke@example.com', phone: '08031234567', excerpt: 'How much to send 3 parcels from Ogba to Lekki every week?', status: 'new', assignee: null, createdAt: '2026-11-20T09:15:00.000Z', updatedAt: '2026-11-20T09:15:00.000Z' },
  { id: 'i2', kind: 'enquiry', name: 'Chike Eze', email: 'chike@eze.ng', phone: null, excerpt: 'Do your riders go to Ikorodu on Sundays?', status: 'open', assignee: COLLEAGUE, createdAt: '2026-11-19T16:20:00.000Z', updatedAt: '2026-11-19T17:00:00.000Z' },
  { id: 'i3', kind: 'waitlist', name: 'Yaba Foods Ltd', email: 'ops@yabafoods.ng', phone: null, excerpt: '', status: 'answered', assignee: DESK, createdAt: '2026-11-18T08:05:00.000Z', updatedAt: '2026-11-18T10:30:00.000Z' },
  { id: 'i4', kind: 'enquiry', name: 'Bola Ahmed', email: 'bola@gmail.com', phone: '08120000000', excerpt: 'Thank you, all sorted.', status: 'closed', assignee: null, createdAt: '2026-11-17T12:00:00.000Z', updatedAt: '2026-11-17T13:00:00.000Z' },
];

type ListStoryEvent = PagedListEvent | { type: `xstate.${string}`; output?: unknown; error?: unknown };

export function inboxListAfter(events: readonly ListStoryEvent[], filters: Record<string, string> = {}): PagedListView<InboxListItem> {
  let [snapshot] = initialTransition(pagedListMachine, { filters, poll: true });
  for (const event of events) [snapshot] = transition(pagedListMachine, snapshot, event as PagedListEvent);
  return pagedListView<InboxListItem>(snapshot);
}

export const onInboxList = {
  page: (items: InboxListItem[], next: string | null = null): ListStoryEvent => ({ type: 'xstate.done.actor.firstPage', output: { items, next } }),
  failed: { type: 'xstate.error.actor.firstPage', error: new Error(messages.submitFailed) } as ListStoryEvent,
  more: { type: 'LOAD_MORE' } as ListStoryEvent,
  refresh: { type: 'REFRESH' } as ListStoryEvent,
};
