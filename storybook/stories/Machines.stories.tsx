/**
 * Machines: for each machine in machines/, a diagram of its states generated at run
 * time from the machine object (storybook/support/MachineDiagram.tsx), each state linked to its
 * story. tests/storybook/machineDiagrams.test.tsx fails when a state has no story, or a link
 * names a story that does not exist.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { plannedMachines } from '../../tests/machines/plans';
import { MachineDiagram } from '../support/MachineDiagram';

const meta: Meta<typeof MachineDiagram> = {
  title: 'Machines',
  component: MachineDiagram,
  parameters: { layout: 'padded' },
};
export default meta;

type Story = StoryObj<typeof MachineDiagram>;

function diagram(name: string): Story {
  const planned = plannedMachines.find((p) => p.plan.machine === name);
  if (!planned) throw new Error(`No plan for ${name}`);
  // Rendered, not passed as args: a machine is not JSON (its nodes point back to their parents).
  return {
    render: () => <MachineDiagram machine={planned.machine} plan={planned.plan} />,
    parameters: { machineName: name, keyText: [planned.plan.title] },
  };
}

export const authMachine = diagram('authMachine');
export const captchaPassMachine = diagram('captchaPassMachine');
export const formMachine = diagram('formMachine');
export const signupMachine = diagram('signupMachine');
// The sign-up wizard's step machines (machines/signup/; step 1 is formMachine).
export const verifyStep = diagram('verifyStep');
export const locationStep = diagram('locationStep');
export const pictureStep = diagram('pictureStep');
export const agreementStep = diagram('agreementStep');
export const profileMachine = diagram('profileMachine');
export const profileEditMachine = diagram('profileEditMachine');
export const dashboardMachine = diagram('dashboardMachine');
export const companySignupMachine = diagram('companySignupMachine');
export const bookingMachine = diagram('bookingMachine');
export const deliveryMachine = diagram('deliveryMachine');
export const jobMachine = diagram('jobMachine');
export const availabilityMachine = diagram('availabilityMachine');
export const riderSearchMachine = diagram('riderSearchMachine');
export const riderReviewsMachine = diagram('riderReviewsMachine');
export const apiKeysMachine = diagram('apiKeysMachine');
export const companyDeliveriesMachine = diagram('companyDeliveriesMachine');
export const engagementMachine = diagram('engagementMachine');
export const reviewWindowMachine = diagram('reviewWindowMachine');
export const opsSignInMachine = diagram('opsSignInMachine');
export const pagedListMachine = diagram('pagedListMachine');
export const rowActionMachine = diagram('rowActionMachine');
export const idReviewMachine = diagram('idReviewMachine');
export const inboxItemMachine = diagram('inboxItemMachine');
export const rateCardMachine = diagram('rateCardMachine');
export const dispatchBoardMachine = diagram('dispatchBoardMachine');
