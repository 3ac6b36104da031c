/** Toasts (spec §9): top-right, 5000 ms, a success and a failure as the forms announce them. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { toast as sonnerToast } from 'sonner';
import { toast } from '../../src/web/kit/components/toast';
import { Toasts } from '../../src/web/kit/components/Toasts';
import { messages } from '../../src/shared/messages';

function ToastsDemo({ success, failure }: { success: string; failure: string }) {
  useEffect(() => {
    // The app's toast: sonner loads with the first one and <Toasts> mounts its Toaster.
    toast.success(success);
    toast.error(failure);
    return () => {
      sonnerToast.dismiss();
    };
  }, [success, failure]);
  return (
    // Below the corner where the toasts stack.
    <div style={{ paddingTop: 160 }}>
      <p>A success and a failure, as the forms show them.</p>
      <button type="button" className="btn" onClick={() => toast.success(success)}>
        Show another
      </button>
      <Toasts />
    </div>
  );
}

const meta = {
  title: 'Design system/Toasts',
  component: ToastsDemo,
  args: { success: messages.subscribed, failure: messages.submitFailed },
} satisfies Meta<typeof ToastsDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SuccessAndFailure: Story = { parameters: { keyText: [messages.subscribed, messages.submitFailed] } };
