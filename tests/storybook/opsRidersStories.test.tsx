// @vitest-environment jsdom
/**
 * The console riders' stories (storybook/stories/OpsRiders.stories.tsx): every state of the
 * rider page (loading, failed, and each state of the ID check and of the account) and every
 * state of the riders list has a story; each story's view is in the state it claims and renders
 * what its view model says. tests/storybook/stories.test.tsx renders every story and checks its
 * key texts; this also checks the dashboard's ID check stories.
 */
import { cleanup, render, screen, within } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { accountViewStates, documentsViewStates, reviewViewStates, type IdReviewView } from '../../machines/ops/idReviewMachine';
import type { PagedListView } from '../../machines/kit/pagedListMachine';
import { messages } from '../../src/shared/messages';
import { ID_REVIEW_STATUSES } from '../../src/shared/profile';
import preview from '../../storybook/preview';
import * as dashboard from '../../storybook/stories/RiderDashboard.stories';
import * as stories from '../../storybook/stories/OpsRiders.stories';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Composed {
  (props?: Record<string, unknown>): React.ReactNode;
  args: { rider?: IdReviewView; list?: PagedListView<unknown> };
  parameters: { riderState?: { state: string; review: string | null; account: string | null; documents: string | null }; listState?: string; keyText: string[] };
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;

describe('console riders stories', () => {
  it('has a story for each state of the rider page: loading, failed, every ID check state and every account state', () => {
    const claims = all.map(([, s]) => s.parameters.riderState).filter((c) => c !== undefined);
    const states = new Set(claims.map((c) => c.state));
    expect(['loading', 'failed', 'ready'].filter((s) => !states.has(s))).toEqual([]);
    const reviews = new Set(claims.map((c) => c.review));
    expect(reviewViewStates.filter((s) => !reviews.has(s))).toEqual([]);
    const accounts = new Set(claims.map((c) => c.account));
    expect(accountViewStates.filter((s) => !accounts.has(s))).toEqual([]);
    const documents = new Set(claims.map((c) => c.documents));
    expect(documentsViewStates.filter((s) => !documents.has(s))).toEqual([]);
  });

  it('has a story for each state of the riders list', () => {
    const covered = new Set(all.map(([, s]) => s.parameters.listState).filter(Boolean));
    expect(['loading', 'failed', 'idle', 'loadingMore', 'refreshing'].filter((s) => !covered.has(s))).toEqual([]);
  });

  it('has a dashboard story for each ID check status the rider can see', () => {
    const composed = composeStories(dashboard) as unknown as Record<string, { args: { profile: { profile: { personalInfo: { id_review_status: string } | null } | null } } }>;
    const statuses = new Set(Object.values(composed).map((s) => s.args.profile.profile?.personalInfo?.id_review_status ?? 'none'));
    expect(ID_REVIEW_STATUSES.filter((s) => !statuses.has(s))).toEqual([]);
  });

  for (const [name, Story] of all) {
    it(`${name}: the view is in the state it claims, rendered as its view model says`, async () => {
      const { rider, list } = Story.args;
      render(<Story />);
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (rider) {
        const claim = Story.parameters.riderState!;
        expect({ state: rider.state, review: rider.review, account: rider.account, documents: rider.documents }).toEqual(claim);
        // A shown document is inline: a PDF in a frame, an image as <img>, each named for the rider.
        if (rider.documents === 'shown') {
          for (const doc of rider.rider!.documents) {
            const label = messages.opsIdDocumentFrame(messages.opsRiderDocumentKind[doc.kind], rider.rider!.fullName ?? rider.rider!.username);
            const shown = doc.contentType === 'application/pdf' ? screen.getByTitle(label) : screen.getByRole('img', { name: label });
            expect(shown.tagName).toBe(doc.contentType === 'application/pdf' ? 'IFRAME' : 'IMG');
            expect(shown.getAttribute('src')).toBe(rider.documentUrls[doc.id]);
          }
        }
        if (rider.documents === 'failed') expect(screen.getByRole('button', { name: messages.opsIdDocumentShowAgain })).toBeTruthy();
        const dialog = screen.queryByRole('dialog');
        expect(Boolean(dialog)).toBe(rider.account === 'confirmingSuspend' || rider.account === 'suspending');
        if (rider.state === 'ready' && rider.busy) expect(screen.getAllByRole('button', { name: messages.submitting }).every((b) => (b as HTMLButtonElement).disabled)).toBe(true);
        const errors = [rider.reviewError?.message, rider.accountError?.message].filter(Boolean);
        for (const message of errors) expect(screen.getByText(message!).getAttribute('role')).toBe('alert');
        if (rider.state === 'ready') expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(rider.rider!.username);
      }
      if (list) {
        expect(list.state).toBe(Story.parameters.listState);
        if (list.state === 'idle' && list.items.length > 0) {
          const table = screen.getByRole('table');
          expect(within(table).getAllByRole('row')).toHaveLength(list.items.length + 1);
        }
      }
    });
  }
});
