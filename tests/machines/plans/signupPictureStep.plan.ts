/** Test plan texts of machines/signup/pictureStep.ts: step 4 of the rider sign-up wizard, 'Add Profile Picture'. */
import { failure, type MachinePlan } from './types';

const story = (name: string) => `sign-up-rider-sign-up-wizard--${name}`;
const mb = (size: unknown) => `${(Number(size) / 1024 / 1024).toFixed(1)} MB`;

export const signupPicturePlan: MachinePlan = {
  machine: 'pictureStep',
  title: 'Rider sign-up, step 4: Add Profile Picture',
  start: 'Log in as a rider at the picture step, then open http://localhost:3000/rider-signup (the wizard opens at step 4).',
  starts: { 'step 4': 'Log in as a rider at the picture step, then open /rider-signup.' },
  states: {
    '(root)': { says: 'Step 4 of 5: "Profile picture" file picker, "Skip" and "Continue".', story: story('picture-editing') },
    editing: { says: 'Step 4 with no picture chosen.', story: story('picture-editing') },
    previewing: { says: 'Step 4 with the chosen photo in a square preview (drag it to recentre), "Continue" to upload.', story: story('picture-chosen') },
    error: {
      says: 'Step 4 with a message under the picker ("Please choose a JPEG, PNG or WebP image", "The image is too large. The limit is 8 MB.", a picture required, or the upload’s failure).',
      story: story('picture-wrong-type'),
    },
    uploading: { says: 'The progress bar "Uploading N%", "Cancel upload", "Skip" still usable, "Continue" busy.', story: story('picture-uploading') },
    skipping: { says: '"Submitting..." on "Skip" while the step is skipped.', story: story('picture-skipping') },
    done: { says: 'The picture is uploaded or skipped: the wizard goes on to step 5, "Rider Agreement".', story: story('agreement-editing'), closest: true },
  },
  events: {
    CHOOSE_FILE: (e) => `Choose the picture “${String(e.name)}” (${String(e.mime)}, ${mb(e.size)})`,
    SKIP: 'Press "Skip"',
    RECENTRE: (e) => `Drag the square preview so its centre is at ${String(e.x)}% across, ${String(e.y)}% down (it stays inside the photo)`,
    CANCEL_UPLOAD: 'Press "Cancel upload" while it uploads (throttle DevTools → Network to "Slow 3G" to have time)',
    UPLOAD_PROGRESS: 'Watch the progress bar move ("Uploading N%")',
    'xstate.done.actor.uploadPicture': 'Wait for the upload to finish',
    'xstate.error.actor.uploadPicture': (e) => failure(e, 'Wait for the upload'),
    'xstate.done.actor.skipPicture': 'Wait: "You can add a profile picture later from your dashboard."',
    'xstate.error.actor.skipPicture': (e) => failure(e, 'Wait for the skip'),
    SUBMIT: 'Press "Continue"',
  },
};
