/**
 * The design system's file field (src/web/features/profile/fields.tsx FileField): the ID
 * document input of the dashboard (nothing chosen, a file on record, one chosen, refused) and
 * the picture input with its square preview and the camera and gallery choices.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { messages } from '../../src/shared/messages';
import { DOCUMENT_ACCEPT, DOCUMENT_MAX_BYTES } from '../../src/shared/profile';
import { PROFILE_IMAGE_ACCEPT } from '../../src/shared/signup';
import { FileField } from '../../src/web/features/profile/fields';
import { portraitPhotoFile } from '../support/portraitPhoto';

const MB = DOCUMENT_MAX_BYTES / (1024 * 1024);

const meta = {
  title: 'Design system/File field',
  component: FileField,
  args: {
    id: 'story-valid-id',
    name: 'valid_id',
    label: 'Valid ID',
    labelHint: '(optional)',
    accept: DOCUMENT_ACCEPT,
    file: null,
    error: null,
    hint: `A PDF or a photo (JPEG, PNG or WebP), up to ${MB} MB. Only you can see it.`,
    onFile: fn(),
  },
  argTypes: { file: { control: false } },
} satisfies Meta<typeof FileField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen, nothing on record. */
export const Empty: Story = { parameters: { keyText: ['Valid ID', 'Only you can see it'], fileField: 'empty' } };

/** A document already on record: choosing a new one replaces it. */
export const OnRecord: Story = {
  args: { current: 'On file: nin-slip.pdf. Choose a new file to replace it.' },
  parameters: { keyText: ['On file: nin-slip.pdf'], fileField: 'onRecord' },
};

/** A file chosen: its name and size. */
export const Chosen: Story = {
  args: { file: { name: 'nin-slip.pdf', type: 'application/pdf', size: 412_000 } },
  parameters: { keyText: ['nin-slip.pdf', '402 KB'], fileField: 'chosen' },
};

/** Refused: the error line under it, tied to the input. */
export const TooLarge: Story = {
  args: { file: { name: 'scan.png', type: 'image/png', size: 7_800_000 }, error: messages.fileTooLarge(MB) },
  parameters: { keyText: [messages.fileTooLarge(MB)], fileField: 'error' },
};

/** The picture input: take a photo or choose one, and the chosen photo's square preview. */
export const PictureChosen: Story = {
  args: {
    id: 'story-picture',
    name: 'profile_image',
    label: 'Profile image',
    labelHint: undefined,
    accept: PROFILE_IMAGE_ACCEPT,
    capture: 'user',
    preview: true,
    file: portraitPhotoFile(),
    crop: { focus: { x: 50, y: 30 }, onRecentre: fn() },
    hint: 'A JPEG, PNG or WebP photo of your face, up to 5 MB.',
  },
  parameters: { keyText: ['Profile image', 'selfie.png'], fileField: 'picture' },
};
