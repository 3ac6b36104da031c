/**
 * The console's inbox in every state its views can show, each from real machine
 * snapshots reached with the events named in the story: the item page
 * (`parameters.itemState`, one of machines/ops/inboxItemMachine.ts's inboxItemViewStates) and the
 * list (`parameters.listState`). tests/storybook/opsInboxStories.test.tsx checks that every
 * state has a story and that each story's view is in the state it claims.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { InboxItemView } from '../../machines/ops/inboxItemMachine';
import type { PagedListView } from '../../machines/kit/pagedListMachine';
import type { InboxListItem } from '../../src/shared/inbox';
import { messages } from '../../src/shared/messages';
import { InboxItemView as ItemScreen } from '../../src/web/features/ops/InboxItemView';
import { InboxListView } from '../../src/web/features/ops/InboxListView';
import '../../src/web/features/ops/ops.css';
import { inboxListAfter, itemViewAfter, onInboxList, onItem, STORY_NOTE, STORY_REPLY, storyInboxRows, storyItem, type ItemStoryEvent } from '../support/opsInboxSnapshots';
import { withRouter } from '../support/StoryRouter';

function Screens({ item, list }: { item?: InboxItemView; list?: PagedListView<InboxListItem> }) {
  return (
    <main className="ops-main">
      {item ? <ItemScreen view={item} send={fn()} /> : null}
      {list ? <InboxListView list={list} sendList={fn()} /> : null}
    </main>
  );
}

const meta = {
  title: 'Console/Inbox',
  component: Screens,
  decorators: [withRouter],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Screens>;

export default meta;
type Story = StoryObj<typeof meta>;

function itemStory(events: readonly ItemStoryEvent[], keyText: readonly string[]): Story {
  const view = itemViewAfter(events);
  return { args: { item: view }, parameters: { itemState: view.state, keyText } };
}

const fresh = onItem.loaded(storyItem('new'));
const open = onItem.loaded(storyItem('open', true));
const withReply: ItemStoryEvent[] = [fresh, { type: 'EDIT_REPLY', field: 'body', value: STORY_REPLY }];

// ---- The item page

export const ItemLoading = itemStory([], [messages.opsInboxBack]);
export const ItemLoadFailed = itemStory([onItem.loadFailed], [messages.opsInboxLoadFailed, messages.tryAgain]);
export const ItemNew = itemStory([fresh], ['Funke Adeyemi', 'New', messages.opsInboxMoveOpen, messages.opsInboxTimelineEmpty, messages.opsInboxSendReply]);
export const ItemOpen = itemStory([open], ['Open', messages.opsInboxMoveAnswered, messages.opsInboxMoveClose, STORY_NOTE, 'bisi@ogbadispatch.ng']);
export const ItemAnswered = itemStory([onItem.loaded(storyItem('answered', true))], ['Answered', messages.opsInboxMoveReopen, 'Reply by tolu@ogbadispatch.ng']);
export const ItemClosed = itemStory([onItem.loaded(storyItem('closed', true))], ['Closed', messages.opsInboxMoveReopen, messages.opsInboxReplyClosed]);
export const ItemChangingStatus = itemStory([fresh, { type: 'MOVE', to: 'open' }], [messages.opsInboxSaving]);
export const ItemAssigning = itemStory([fresh, { type: 'ASSIGN', staffId: storyItem('new').staff[0]!.id }], [messages.opsInboxSaving]);
export const ItemAddingNote = itemStory([open, { type: 'EDIT_NOTE', value: 'Called back, no answer' }, { type: 'ADD_NOTE' }], [messages.opsInboxAddingNote]);
export const ItemSendingReply = itemStory([...withReply, { type: 'SEND_REPLY' }], [messages.opsInboxSendingReply]);
export const ItemRefreshing = itemStory([open, { type: 'REFRESH' }], [messages.opsInboxRefreshingItem]);
export const ItemReplyInvalid = itemStory([fresh, { type: 'SEND_REPLY' }], [messages.fieldRequired, messages.opsInboxSendReply]);
export const ItemMoveRefused = itemStory(
  [fresh, { type: 'MOVE', to: 'open' }, onItem.refused('changeStatus', 'status', messages.opsInboxMoveRefused('Closed', 'Open'))],
  [messages.opsInboxMoveRefused('Closed', 'Open')],
);
export const ItemReplyFailed = itemStory([...withReply, { type: 'SEND_REPLY' }, onItem.refused('sendReply', 'alert', messages.submitFailed)], [messages.submitFailed]);

// ---- The list

function listStory(view: PagedListView<InboxListItem>, keyText: readonly string[]): Story {
  return { args: { list: view }, parameters: { listState: view.state, keyText } };
}

export const ListLoading = listStory(inboxListAfter([]), [messages.opsInboxHeading]);
export const ListFailed = listStory(inboxListAfter([onInboxList.failed]), [messages.opsLoadFailed, messages.tryAgain]);
export const ListEmpty = listStory(inboxListAfter([onInboxList.page([])], { q: 'nobody', status: 'new' }), [messages.opsInboxEmpty]);
export const ListRows = listStory(inboxListAfter([onInboxList.page(storyInboxRows, 'next-cursor')]), [
  'Funke Adeyemi',
  'Yaba Foods Ltd',
  'Quote',
  'Waitlist',
  'Answered',
  'bisi@ogbadispatch.ng',
  messages.opsInboxNoMessage,
  messages.opsLoadMore,
]);
export const ListLoadingMore = listStory(inboxListAfter([onInboxList.page(storyInboxRows, 'next-cursor'), onInboxList.more]), ['Chike Eze', messages.opsLoading]);
export const ListRefreshing = listStory(inboxListAfter([onInboxList.page(storyInboxRows), onInboxList.refresh]), [messages.opsRefreshing]);
