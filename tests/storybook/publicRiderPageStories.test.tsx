// @vitest-environment jsdom
/**
 * The public rider page's stories (storybook/stories/PublicRiderPage.stories.tsx): each
 * frames the HTML the server's renderer makes, and that HTML shows what the state claims: a
 * complete profile with its picture, badges, sections and reviews; a minimal one with the New
 * rider badge and every section's empty line; the 404 for an unknown or suspended rider.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import preview from '../../storybook/preview';
import * as stories from '../../storybook/stories/PublicRiderPage.stories';
import { STORY_PICTURE_URL } from '../../storybook/support/storySession';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);
afterEach(cleanup);

interface Composed {
  (): ReactNode;
  args: { address: string; html: string };
  parameters: { publicPage: { username: string | null; name?: string; status: 'complete' | 'minimal' | 'notFound' } };
}
const all = Object.entries(composeStories(stories)) as unknown as Array<[string, Composed]>;

const texts = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((el) => el.textContent?.trim());

describe('public rider page stories', () => {
  it('cover a complete profile, a minimal one and the 404', () => {
    expect(all.map(([, s]) => s.parameters.publicPage.status).sort()).toEqual(['complete', 'minimal', 'notFound']);
  });

  for (const [name, Story] of all) {
    it(`${name}: frames the server's page, which shows the state it claims`, () => {
      render(<Story />);
      const frame = screen.getByTitle(`The page at ${Story.args.address}`) as HTMLIFrameElement;
      expect(frame.getAttribute('srcdoc')).toBe(Story.args.html);
      const doc = new DOMParser().parseFromString(Story.args.html, 'text/html');
      const { username, name: shownName, status } = Story.parameters.publicPage;
      if (status === 'notFound') {
        expect(doc.querySelector('h1')?.textContent).toBe('Rider not found');
        expect(doc.querySelector('.photo')).toBeNull();
        return;
      }
      // The display name ("Adeola B."), never the username, is what a stranger reads.
      expect(doc.querySelector('h1')?.textContent).toBe(shownName);
      expect(doc.title.startsWith(`${shownName}: dispatch rider`)).toBe(true);
      expect(doc.querySelector('meta[property="og:title"]')?.getAttribute('content')?.startsWith(`${shownName} · `)).toBe(true);
      const photo = doc.querySelector<HTMLImageElement>('img.photo')!;
      const badges = texts(doc, '.badges li');
      const empties = texts(doc, '.empty');
      if (status === 'complete') {
        expect(photo.getAttribute('src')).toBe(`/api${STORY_PICTURE_URL}`);
        expect(photo.getAttribute('alt')).toBe(`Photo of ${shownName}`);
        expect(badges).toEqual(expect.arrayContaining([messages.jobSuccessScore(92), messages.idVerified, 'Ikeja, Lagos']));
        expect(empties).toEqual([]);
        expect(texts(doc, '#work ~ .list li strong')).toEqual(['Dispatch rider']);
        expect(texts(doc, '#reviews ~ .list > li')).toHaveLength(2);
        // The delivery record with what it is based on, on the page and in the link preview.
        expect(texts(doc, '.record')).toEqual(['148 deliveries · 96% on time · 4.8 from 121 ratings']);
        expect(doc.querySelector('meta[property="og:description"]')?.getAttribute('content')).toContain('148 deliveries · 96% on time · 4.8 from 121 ratings.');
        expect(doc.querySelector('.reply')?.textContent).toContain('Thank you! It was a pleasure.');
      } else {
        expect(photo.getAttribute('src')).toBe('/avatar.svg');
        expect(badges).toContain(messages.newRider);
        expect(badges).not.toContain(messages.idVerified);
        expect(empties).toEqual(['No bio found', 'No work history found', 'No past employees found', messages.noReviewsYet]);
        // No delivery yet: no record at all, not "0 deliveries".
        expect(doc.querySelector('.record')).toBeNull();
        expect(doc.body.textContent).not.toMatch(/deliver(y|ies) ·/);
      }
      // Hire this rider: the quote naming the rider and the waitlist, without JavaScript.
      expect(doc.querySelector('#cta-public a.cta')?.getAttribute('href')).toBe(`/contact-us?rider=${encodeURIComponent(username!)}#quote-title`);
    });
  }
});
