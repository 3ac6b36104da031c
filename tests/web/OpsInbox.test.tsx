// @vitest-environment jsdom
/**
 * The inbox list screen (/ops/inbox: the route's component, the console list machine, the API
 * client) with only fetch stood in: the rows as the server answers them, each filter and the
 * search asking the server with the right query, Load more with the cursor, new items appearing
 * without a reload (the poll), and no axe violations. The list machine's own transitions are
 * covered through the list frame by tests/web/OpsList.test.tsx.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import axe from 'axe-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InboxListItem } from '../../src/shared/inbox';
import { messages } from '../../src/shared/messages';
import OpsInbox from '../../src/web/routes/ops/Inbox';
import { ApiEdge } from './support/apiEdge';

const PATH = '/api/ops/inbox';
const edge = new ApiEdge();

const row = (i: number, overrides: Partial<InboxListItem> = {}): InboxListItem => ({
  id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`,
  kind: 'quote',
  name: `Customer ${i}`,
  email: `c${i}@example.com`,
  phone: null,
  excerpt: `Message ${i}`,
  status: 'new',
  assignee: null,
  createdAt: '2026-11-20T09:15:00.000Z',
  updatedAt: '2026-11-20T09:15:00.000Z',
  ...overrides,
});

function renderInbox() {
  const router = createRouter({
    routeTree: createRootRoute({
      component: () => (
        <main>
          <OpsInbox />
        </main>
      ),
    }),
    history: createMemoryHistory({ initialEntries: ['/ops/inbox'] }),
  });
  return render(<RouterProvider router={router} />);
}

async function answer(body: unknown) {
  const held = await waitFor(() => edge.take(PATH));
  await act(async () => held.respond(200, body));
  return held;
}

const query = (held: { search: string }) => Object.fromEntries(new URLSearchParams(held.search));

beforeAll(() => edge.install());
afterAll(() => edge.uninstall());
afterEach(() => {
  cleanup();
  edge.reset();
  vi.useRealTimers();
});

describe('the inbox list screen', () => {
  it('shows each item as the server answers it, with a link to it', async () => {
    renderInbox();
    const first = await answer({
      items: [
        row(1, { name: 'Funke Adeyemi', status: 'new' }),
        row(2, { kind: 'waitlist', name: 'Yaba Foods', excerpt: '', status: 'answered', assignee: { id: 'a', email: 'bisi@ogbadispatch.ng' } }),
        row(3, { kind: 'delivery', name: 'Ada Obi', excerpt: 'OGB-7K2Q9: From Ikeja to Lekki.', status: 'new' }),
      ],
      next: null,
    });
    expect(query(first)).toEqual({});
    const table = await screen.findByRole('table', { name: messages.opsInboxHeading });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell').map((c) => c.textContent?.replace(/\s+/g, ' ').trim()).slice(0, 5))).toEqual([
      ['Funke Adeyemic1@example.com', 'Quote', 'Message 1', 'New', 'Nobody'],
      ['Yaba Foodsc2@example.com', 'Waitlist', messages.opsInboxNoMessage, 'Answered', 'bisi@ogbadispatch.ng'],
      // A booking shows at once, with its reference and route.
      ['Ada Obic3@example.com', 'Booking', 'OGB-7K2Q9: From Ikeja to Lekki.', 'New', 'Nobody'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Funke Adeyemi' }).getAttribute('href')).toBe(`/ops/inbox/${row(1).id}`);
    expect(screen.queryByRole('button', { name: messages.opsLoadMore })).toBeNull();
    const results = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });

  it('asks the server with each filter and the search, and for the next page with the cursor', async () => {
    renderInbox();
    await answer({ items: [row(1)], next: 'cursor-1' });
    fireEvent.change(await screen.findByLabelText(messages.opsInboxKind), { target: { value: 'quote' } });
    expect(query(await answer({ items: [row(1)], next: 'cursor-1' }))).toEqual({ kind: 'quote' });
    fireEvent.change(screen.getByLabelText(messages.opsInboxStatus), { target: { value: 'open' } });
    expect(query(await answer({ items: [row(1)], next: 'cursor-1' }))).toEqual({ kind: 'quote', status: 'open' });
    fireEvent.change(screen.getByLabelText(messages.opsInboxAssignee), { target: { value: 'me' } });
    expect(query(await answer({ items: [row(1)], next: 'cursor-1' }))).toEqual({ kind: 'quote', status: 'open', assignee: 'me' });
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'funke gmail' } });
    fireEvent.submit(screen.getByRole('search'));
    expect(query(await answer({ items: [row(1)], next: 'cursor-1' }))).toEqual({ kind: 'quote', status: 'open', assignee: 'me', q: 'funke gmail' });
    fireEvent.click(await screen.findByRole('button', { name: messages.opsLoadMore }));
    expect(query(await answer({ items: [row(2)], next: null }))).toEqual({ kind: 'quote', status: 'open', assignee: 'me', q: 'funke gmail', cursor: 'cursor-1' });
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    fireEvent.change(screen.getByLabelText(messages.opsInboxStatus), { target: { value: 'answered' } });
    await answer({ items: [], next: null });
    expect(await screen.findByText(messages.opsInboxEmpty)).toBeTruthy();
  });

  it('shows new items without a reload: the first page is asked again within 30 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    renderInbox();
    await vi.waitFor(() => edge.take(PATH)).then((held) => held.respond(200, { items: [row(1)], next: null }));
    await vi.waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(30_000);
    });
    const polled = await vi.waitFor(() => edge.take(PATH));
    expect(query(polled)).toEqual({});
    await act(async () => polled.respond(200, { items: [row(3, { name: 'Brand new customer' }), row(1)], next: null }));
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Brand new customer' })).toBeTruthy());
  });
});
