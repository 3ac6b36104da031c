/**
 * The design system's modal (DESIGN.md §9; src/web/kit/components/Modal.tsx), as every dashboard
 * edit uses it: open with a form, busy while a save is in flight (the X and the overlay do not
 * close it), and the danger tone of a destructive confirmation.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Field } from '../../src/web/kit/components/Field';
import { Modal } from '../../src/web/kit/components/Modal';

const meta = {
  title: 'Design system/Modal',
  component: Modal,
  args: { title: 'Edit bio', onClose: fn(), busy: false, tone: 'normal', children: null },
  argTypes: { children: { control: false } },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Modal>;

export default meta;
type Story = StoryObj<typeof meta>;

function Body({ busy }: { busy: boolean }) {
  return (
    <form onSubmit={(e) => e.preventDefault()}>
      <Field id="story-bio" name="bio" label="Bio" multiline value="Five years of same-day deliveries across Ikeja and Ogba." error={null} onValueChange={() => {}} />
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary" disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="btn" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  );
}

/** Open: the title, the X, the body; focus on the first field. */
export const Open: Story = {
  render: (args) => (
    <Modal {...args}>
      <Body busy={false} />
    </Modal>
  ),
  parameters: { keyText: ['Edit bio', 'Save'], modal: { busy: false, tone: 'normal' } },
};

/** Busy: a save in flight; the X is disabled and neither the overlay nor Escape closes it. */
export const Busy: Story = {
  args: { busy: true },
  render: (args) => (
    <Modal {...args}>
      <Body busy />
    </Modal>
  ),
  parameters: { keyText: ['Edit bio', 'Saving…'], modal: { busy: true, tone: 'normal' } },
};

/** The danger tone: the title in the error colour (delete account). */
export const Danger: Story = {
  args: { title: 'Delete account', tone: 'danger' },
  render: (args) => (
    <Modal {...args}>
      <p>Your profile, documents and reviews are removed. This cannot be undone.</p>
      <div className="modal-actions">
        <button type="button" className="btn btn-secondary">
          Cancel
        </button>
        <button type="button" className="btn btn-danger">
          Delete account
        </button>
      </div>
    </Modal>
  ),
  parameters: { keyText: ['Delete account', 'cannot be undone'], modal: { busy: false, tone: 'danger' } },
};
