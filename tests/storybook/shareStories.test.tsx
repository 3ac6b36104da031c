// @vitest-environment jsdom
/**
 * The share stories (storybook/stories/ShareProfile.stories.tsx): played in jsdom, the
 * app's own share (the dashboard machine's) runs against the stood-in browser and the rider sees
 * the phone's sheet with the public link (the icon waiting meanwhile), or the toast that the link
 * was copied, or the one that it could not be.
 */
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import { publicProfilePath } from '../../src/shared/profile';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/ShareProfile.stories';
import { fullRider } from '../../storybook/support/profileSnapshots';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
  window.matchMedia ??= ((query: string) =>
    ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList) as typeof window.matchMedia;
});
afterEach(cleanup);

interface Composed {
  (): ReactNode;
  parameters: { share: { mode: string; toast: string | null } };
  play: (context: { canvasElement: HTMLElement }) => Promise<void>;
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;
const publicUrl = `https://ogbadispatch.ng${publicProfilePath(fullRider.user.username)}`;

describe('share stories', () => {
  it('cover sharing through the phone, the link copied and the copy refused', () => {
    expect(all.map(([, s]) => s.parameters.share.mode).sort()).toEqual(['copy', 'copyRefused', 'sheet']);
  });

  for (const [name, Story] of all) {
    it(`${name}: a tap on the share icon shows what the story claims`, async () => {
      const { container } = render(<Story />);
      await screen.findByRole('button', { name: 'Share profile' });
      // Not inside act(): the story's userEvent (storybook/test) wraps its own events and turns
      // React's act environment off while it waits, which an outer act() would then warn about.
      await Story.play({ canvasElement: container });
      const { mode, toast } = Story.parameters.share;
      if (mode === 'sheet') {
        const sheet = await screen.findByRole('dialog', { name: "Share sheet (the phone's)" });
        expect(within(sheet).getByText(publicUrl)).toBeTruthy();
        expect(within(sheet).getByText(`${fullRider.user.username} on Ogba Dispatch`)).toBeTruthy();
        expect(screen.queryByText(messages.profileLinkCopied)).toBeNull();
        // The share is under way while the phone's sheet is open: the icon waits.
        await waitFor(() => expect(screen.getByRole('button', { name: 'Share profile' }).getAttribute('aria-busy')).toBe('true'));
      } else {
        expect(screen.queryByRole('dialog', { name: "Share sheet (the phone's)" })).toBeNull();
        await waitFor(() => expect(screen.getByText(toast!)).toBeTruthy());
        const other = mode === 'copy' ? messages.profileLinkCopyFailed : messages.profileLinkCopied;
        expect(screen.queryByText(other)).toBeNull();
        expect((screen.getByRole('button', { name: 'Share profile' }) as HTMLButtonElement).disabled).toBe(false);
      }
    });
  }
});
