/**
 * The console's rate card page in every state of its machine (machines/ops/rateCardMachine.ts),
 * each from a real snapshot: the machine stepped with the events the page and the network send.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { getInitialSnapshot, getNextSnapshot } from 'xstate';
import { SubmitError } from '../../machines/kit/errors';
import { rateCardMachine, rateCardView, type RateCardView as View } from '../../machines/ops/rateCardMachine';
import { defaultRateCard } from '../../src/shared/deliveries/rateCard';
import type { OpsRateCard } from '../../src/shared/deliveries/rateCardForm';
import { rateCardMessages as rm } from '../../src/shared/deliveries/rateCardMessages';
import { messages } from '../../src/shared/messages';
import { RateCardView } from '../../src/web/features/ops/RateCardView';
import '../../src/web/features/ops/ops.css';

const data: OpsRateCard = {
  current: { version: 3, savedBy: 'ada@ogbadispatch.ng', savedAt: '2026-11-27T09:30:00.000Z', card: { ...defaultRateCard, version: 3 } },
  versions: [
    { version: 3, savedBy: 'ada@ogbadispatch.ng', savedAt: '2026-11-27T09:30:00.000Z' },
    { version: 2, savedBy: 'tolu@ogbadispatch.ng', savedAt: '2026-11-24T15:05:00.000Z' },
    { version: 1, savedBy: null, savedAt: '2026-11-20T08:00:00.000Z' },
  ],
};

type Step = Parameters<typeof getNextSnapshot<typeof rateCardMachine>>[2] | { type: string; output?: unknown; error?: unknown };

/** The page after these events, from the start (an admin unless `canEdit` is false). */
function viewAfter(events: Step[], canEdit = true): View {
  let snapshot = getInitialSnapshot(rateCardMachine, { canEdit });
  for (const event of events) snapshot = getNextSnapshot(rateCardMachine, snapshot, event as never);
  return rateCardView(snapshot);
}

const loaded = { type: 'xstate.done.actor.load', output: data };
const edit = (value: string) => ({ type: 'EDIT', name: 'lagos.baseFareKobo', value });
const toConfirm = [loaded, edit('1200'), { type: 'SAVE' }];

function Screen({ page }: { page: View }) {
  return (
    <div className="ops-shell">
      <main className="ops-main">
        <RateCardView view={page} send={() => {}} />
      </main>
    </div>
  );
}

const meta = {
  title: 'Console/Rate card',
  component: Screen,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { page: viewAfter([]) }, parameters: { keyText: [] } };
export const LoadFailed: Story = { args: { page: viewAfter([{ type: 'xstate.error.actor.load', error: new Error('offline') }]) }, parameters: { keyText: [rm.loadFailed, messages.tryAgain] } };
export const Editing: Story = { args: { page: viewAfter([loaded, edit('1200')]) }, parameters: { keyText: [rm.heading, rm.previewHeading, '₦6,950', rm.save] } };
export const Refused: Story = { args: { page: viewAfter([loaded, edit('-5'), { type: 'SAVE' }]) }, parameters: { keyText: [rm.enterAmount, rm.fixErrors] } };
/** An added band (the band before it now needs an "up to") and an added window with its days. */
export const BandsAndWindows: Story = {
  args: { page: viewAfter([loaded, { type: 'ADD', list: 'bands' }, { type: 'ADD', list: 'windows' }, { type: 'TOGGLE_DAY', index: 2, day: 6 }, { type: 'SAVE' }]) },
  parameters: { keyText: [rm.addBand, rm.addWindow, rm.fields.lastBandRate(3, 'km'), rm.fields.windowDays(3), rm.enterNumber, rm.enterTime] },
};
export const Confirming: Story = { args: { page: viewAfter(toConfirm) }, parameters: { keyText: [rm.confirmTitle, rm.confirmHelp] } };
export const WrongPassword: Story = {
  args: { page: viewAfter([...toConfirm, { type: 'CONFIRM', confirmation: 'x' }, { type: 'xstate.error.actor.save', error: new SubmitError({ field: 'confirmation', message: messages.opsConfirmFailed }) }]) },
  parameters: { keyText: [messages.opsConfirmFailed] },
};
export const Saving: Story = { args: { page: viewAfter([...toConfirm, { type: 'CONFIRM', confirmation: 'secret' }]) }, parameters: { keyText: [rm.saving] } };
export const Saved: Story = {
  args: {
    page: viewAfter([
      ...toConfirm,
      { type: 'CONFIRM', confirmation: 'secret' },
      { type: 'xstate.done.actor.save', output: { ...data, current: { ...data.current, version: 4, card: { ...data.current.card, version: 4, lagos: { ...data.current.card.lagos, baseFareKobo: 120_000 } } }, versions: [{ ...data.versions[0]!, version: 4 }, ...data.versions] } },
    ]),
  },
  parameters: { keyText: [rm.saved(4), 'Version 4'] },
};
export const Conflict: Story = {
  args: { page: viewAfter([...toConfirm, { type: 'CONFIRM', confirmation: 'secret' }, { type: 'xstate.error.actor.save', error: new SubmitError({ field: 'alert', message: rm.conflict }) }]) },
  parameters: { keyText: [rm.conflict, rm.reload] },
};
export const DispatcherReads: Story = { args: { page: viewAfter([loaded], false) }, parameters: { keyText: [rm.readOnly] } };
