// @vitest-environment jsdom
/**
 * The navigation shell's stories (storybook/stories/SiteShell.stories.tsx): each story,
 * played at the width it claims (the app's mobile flag reads matchMedia, stood in here for the
 * story's viewport), shows what a user sees in that state: Login or the account picture, the
 * rider's picture or the default one, the dropdown or the phone menu open with the right links,
 * the footer's sections folded on a phone.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MOBILE_BREAKPOINT_PX } from '../../src/shared/constants';
import { DEFAULT_AVATAR } from '../../src/web/kit/components/navLinks';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/SiteShell.stories';
import { STORY_PICTURE_URL } from '../../storybook/support/storySession';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
beforeAll(() => {
  window.scrollTo = () => {};
});
afterEach(cleanup);

interface Shell {
  part: 'header' | 'dropdown' | 'phoneMenu' | 'footer';
  session?: 'signedOut' | 'signedIn';
  picture?: boolean;
  width: 'phone' | 'wide';
  open?: string;
}
interface Composed {
  (props?: Record<string, unknown>): ReactNode;
  parameters: { shell: Shell; viewport: { options: Record<string, { styles: { width: string } }> } };
  globals: { viewport?: { value: string } };
  play?: (context: { canvasElement: HTMLElement }) => Promise<void>;
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;

/** The story's viewport as the browser's media queries would read it. */
function setWidth(Story: Composed) {
  const value = Story.globals.viewport?.value;
  const width = parseInt(Story.parameters.viewport.options[value!]!.styles.width, 10);
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*(\d+)px/.exec(query);
    return {
      matches: max ? width <= Number(max[1]) : false,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
  return width;
}

const PICTURE = `/api${STORY_PICTURE_URL}`;

describe('navigation shell stories', () => {
  it('cover the header, the dropdown, the phone menu and the footer in every session state', () => {
    const shells = all.map(([, s]) => s.parameters.shell);
    const has = (want: Partial<Shell>) => shells.some((s) => Object.entries(want).every(([k, v]) => s[k as keyof Shell] === v));
    for (const session of ['signedOut', 'signedIn'] as const) expect(has({ part: 'phoneMenu', session, width: 'phone' }), session).toBe(true);
    expect(has({ part: 'header', session: 'signedOut' })).toBe(true);
    for (const picture of [false, true]) {
      expect(has({ part: 'header', session: 'signedIn', picture })).toBe(true);
      expect(has({ part: 'phoneMenu', session: 'signedIn', picture })).toBe(true);
    }
    expect(has({ part: 'dropdown' })).toBe(true);
    expect(has({ part: 'footer', width: 'phone' })).toBe(true);
  });

  for (const [name, Story] of all) {
    it(`${name}: shows its state`, async () => {
      const { part, session, picture, width, open } = Story.parameters.shell;
      expect(setWidth(Story) <= MOBILE_BREAKPOINT_PX).toBe(width === 'phone');
      const { container } = render(<Story />);
      await screen.findByRole(part === 'footer' ? 'contentinfo' : 'banner');
      if (Story.play) await act(() => Story.play!({ canvasElement: container }));

      if (part === 'footer') {
        const footer = screen.getByRole('contentinfo');
        for (const title of ['Contact Us', 'Links']) {
          const button = within(footer).queryByRole('button', { name: title });
          if (width === 'wide') expect(button).toBeNull();
          else expect(button!.getAttribute('aria-expanded')).toBe(String(open === title));
        }
        return;
      }

      const header = screen.getByRole('banner');
      const main = within(header).getByRole('navigation', { name: 'Main' });
      if (session === 'signedOut') {
        expect(within(main).getByRole('link', { name: 'Login' })).toBeTruthy();
        expect(within(header).queryByRole('button', { name: 'Account menu' })).toBeNull();
      } else {
        await waitFor(() => expect(within(main).queryByRole('link', { name: 'Login' })).toBeNull());
      }
      // The picture shown: the rider's once the user has loaded, else the default.
      const expected = picture ? PICTURE : DEFAULT_AVATAR;

      if (part === 'header' || part === 'dropdown') {
        if (session === 'signedIn') {
          const account = within(header).getByRole('button', { name: 'Account menu' });
          await waitFor(() => expect(account.querySelector('img')!.getAttribute('src')).toBe(expected));
          const list = document.getElementById(account.getAttribute('aria-controls')!)!;
          expect(account.getAttribute('aria-expanded')).toBe(String(part === 'dropdown'));
          expect(list.hidden).toBe(part !== 'dropdown');
          if (part === 'dropdown') {
            expect(within(list).getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/rider-dashboard');
            expect(within(list).getByRole('button', { name: 'Logout' })).toBeTruthy();
          }
        }
        return;
      }

      // The phone menu, open.
      expect(within(header).queryByRole('button', { name: 'Account menu' })).toBeNull();
      expect(within(header).getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('true');
      const menu = document.getElementById('mobile-menu')!;
      expect(menu.hasAttribute('open')).toBe(true);
      const nav = within(menu).getByRole('navigation', { name: 'Mobile' });
      const links = [...nav.querySelectorAll('a, button')].map((el) => el.textContent);
      const publicLinks = ['Home', 'About Us', 'Privacy Policy', 'Terms and Conditions', 'Contact Us'];
      expect(links).toEqual(session === 'signedIn' ? [...publicLinks, 'Dashboard', 'Logout'] : [...publicLinks, 'Login']);
      const top = menu.querySelector('.mobile-menu-top')!;
      if (session === 'signedIn') await waitFor(() => expect(top.querySelector('img')!.getAttribute('src')).toBe(expected));
      else expect(top.querySelector('img')).toBeNull();
    });
  }
});
