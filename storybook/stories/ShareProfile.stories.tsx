/**
 * Sharing the public profile from the rider dashboard: the
 * share icon in the profile header runs the app's own share code (the dashboard machine's SHARE, as useDashboard runs it) against
 * the browser's side stood in (storybook/support/shareStandIn.tsx):
 *
 * - Sharing: on a phone, the system share sheet opens with the rider's name and public link,
 *   and the share icon waits while it is open;
 * - LinkCopied: elsewhere, the link goes to the clipboard and a toast says so;
 * - CopyFailed: the clipboard refuses, and the toast says where to copy it from.
 *
 * The dashboard itself is DashboardView with a real profile machine snapshot (a full profile), as
 * in RiderDashboard.stories; the dashboard's own load of the profile is answered at the network
 * edge with the same profile. The play function taps the share icon, as a rider would.
 * tests/storybook/shareStories.test.tsx plays each story and checks what the rider sees.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { toast as sonnerToast } from 'sonner';
import { userEvent, within } from 'storybook/test';
import { profileEditSnapshotToView } from '../../machines/profile/profileEditMachine';
import { profileSnapshotToView } from '../../machines/profile/profileMachine';
import { messages } from '../../src/shared/messages';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { DashboardView } from '../../src/web/features/profile/DashboardView';
import { useDashboard } from '../../src/web/features/profile/useDashboard';
import { editAfter, fullRider, on, profileAfter } from '../support/profileSnapshots';
import { withAnswers } from '../support/edge';
import { withShare, type ShareMode } from '../support/shareStandIn';

const ORIGIN = 'https://ogbadispatch.ng';

/**
 * The dashboard as the app runs it (useDashboard: the dashboard machine and its effects, so the
 * share icon's SHARE runs the real share), showing a full profile from a real snapshot.
 */
function SharingDashboard() {
  const dashboard = useDashboard({ goToSignup: () => {}, goHome: () => {} });
  useEffect(() => () => void sonnerToast.dismiss(), []);
  return (
    <>
      <DashboardView
        {...dashboard}
        profile={profileSnapshotToView(profileAfter([on.loaded(fullRider)]))}
        edit={profileEditSnapshotToView(editAfter([]))}
        googleSignInUrl="/api/auth/google"
        origin={ORIGIN}
      />
      <Toasts />
    </>
  );
}

const meta = {
  title: 'Dashboard/Share profile',
  component: SharingDashboard,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SharingDashboard>;

export default meta;
type Story = StoryObj<typeof meta>;

const tapShare: Story['play'] = async ({ canvasElement }) => {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: 'Share profile' }));
};

/** `toast`: what the rider reads once the icon is tapped (none while the phone's sheet is open). */
function shareStory(mode: ShareMode, keyText: readonly string[], toast: string | null): Story {
  return { decorators: [withShare(mode), withAnswers({ '/api/users/profile': fullRider })], parameters: { keyText, share: { mode, toast } }, play: tapShare };
}

/** A phone: the system share sheet, handed the rider's name and public link. */
export const Sharing = shareStory('sheet', [fullRider.user.username], null);

/** A computer: the link is copied, and a toast says so. */
export const LinkCopied = shareStory('copy', [fullRider.user.username], messages.profileLinkCopied);

/** The clipboard refused: the toast says where to copy the link from. */
export const CopyFailed = shareStory('copyRefused', [fullRider.user.username], messages.profileLinkCopyFailed);
