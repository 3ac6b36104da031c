/**
 * A rider's public page, /riders/{username} ('Share profile'; 'For
 * designers'): the very HTML the server sends (src/server/features/riders/publicPageHtml.ts,
 * the functions the route calls), shown in a frame as the browser gets it, with its own styles
 * and no app script.
 *
 * - CompleteProfile: a picture, an introduction, Job Success, ID verified, work history, past
 *   employees and published reviews with a reply;
 * - MinimalProfile: a rider who finished sign-up and added nothing else (New rider, every
 *   section's empty line);
 * - NotFound: no such rider; a suspended rider's address answers the same page.
 *
 * tests/storybook/publicRiderPageStories.test.tsx reads each story's HTML and checks what it shows.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { NEW_RIDER_REPUTATION, publicProfilePath, type PublicProfile } from '../../src/shared/profile';
import type { PublicReviewsPage } from '../../src/shared/publicReviews';
import { renderPublicProfile, renderRiderNotFound } from '../../src/server/features/riders/publicPageHtml';
import { STORY_PICTURE_URL } from '../support/storySession';

const PUBLIC_URL = 'https://ogbadispatch.ng';

/** The page in a frame of the story's width, under a line naming the address it answers. */
function PublicPage({ address, html }: { address: string; html: string }) {
  return (
    <div>
      <p style={{ margin: '8px 16px', fontSize: 14 }}>
        What the server sends for <code>{address}</code>
      </p>
      <iframe title={`The page at ${address}`} srcDoc={html} style={{ display: 'block', width: '100%', height: '90vh', border: 0 }} />
    </div>
  );
}

const meta = {
  title: 'Pages/Public rider page',
  component: PublicPage,
  parameters: { layout: 'fullscreen' },
  argTypes: { html: { control: false } },
} satisfies Meta<typeof PublicPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const complete: PublicProfile = {
  username: 'adeola_rides',
  display_name: 'Adeola B.',
  introduction: 'Same-day dispatch rider in Ikeja and Ogba',
  bio: 'Five years of deliveries across the mainland.\nI know every shortcut from Ogba to Allen Avenue.',
  state: 'Lagos',
  town: 'Ikeja',
  // The API base plus this url: an image Storybook serves (see storySession.ts).
  picture: { url: STORY_PICTURE_URL },
  total_years_of_experience: '5',
  languages_spoken: 'English, Yoruba, Pidgin',
  education: 'Diploma',
  id_verified: true,
  workHistories: [{ position: 'Dispatch rider', company_name: 'Ogba Foods', number_of_years: '3-5', start_date: '2021-02-01', end_date: null }],
  pastEmployees: [{ company_name: 'Lekki Parcels', start_date: '2019-01-01', end_date: '2021-01-01' }],
  member_since: '2022-03-14',
  reputation: {
    job_success: 92,
    jobs_counted: 13,
    review_count: 2,
    rating_average_x100: 450,
    reviewed: 13,
    // Deliveries made on the platform, some rated by their senders.
    deliveries_completed: 148,
    deliveries_on_time: 142,
    delivery_rating_count: 121,
    delivery_rating_average_x100: 480,
  },
};

const reviews: PublicReviewsPage = {
  items: [
    {
      id: 'r1',
      rating: 5,
      comment: 'On time every day for three months, and careful with the fragile boxes.',
      would_hire_again: true,
      company_name: 'Ogba Foods',
      ended_at: '2026-09-30T12:00:00.000Z',
      published_at: '2026-10-03T12:00:00.000Z',
      reply: 'Thank you! It was a pleasure.',
      replied_at: '2026-10-04T12:00:00.000Z',
    },
    {
      id: 'r2',
      rating: 4,
      comment: 'Good rider; one late delivery in the rain.',
      would_hire_again: null,
      company_name: 'Ikeja Pharmacy',
      ended_at: '2026-06-30T12:00:00.000Z',
      published_at: '2026-07-02T12:00:00.000Z',
      reply: null,
      replied_at: null,
    },
  ],
  next: null,
};

const minimal: PublicProfile = {
  username: 'tunde.k',
  display_name: 'tunde.k',
  introduction: null,
  bio: null,
  state: 'Lagos',
  town: 'Ogba',
  picture: null,
  total_years_of_experience: null,
  languages_spoken: null,
  education: null,
  id_verified: false,
  workHistories: [],
  pastEmployees: [],
  member_since: '2026-11-01',
  reputation: NEW_RIDER_REPUTATION,
};

export const CompleteProfile: Story = {
  args: { address: publicProfilePath(complete.username), html: renderPublicProfile(complete, PUBLIC_URL, reviews) },
  parameters: { keyText: [publicProfilePath(complete.username)], publicPage: { username: complete.username, name: complete.display_name, status: 'complete' } },
};

export const MinimalProfile: Story = {
  args: { address: publicProfilePath(minimal.username), html: renderPublicProfile(minimal, PUBLIC_URL) },
  parameters: { keyText: [publicProfilePath(minimal.username)], publicPage: { username: minimal.username, name: minimal.display_name, status: 'minimal' } },
};

/** No such rider, one who has not finished sign-up, or a suspended one: the same 404 page. */
export const NotFound: Story = {
  args: { address: publicProfilePath('no_such_rider'), html: renderRiderNotFound() },
  parameters: { keyText: [publicProfilePath('no_such_rider')], publicPage: { username: null, status: 'notFound' } },
};
