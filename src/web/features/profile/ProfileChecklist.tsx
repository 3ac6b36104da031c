/**
 * The dashboard's profile checklist: what the profile still lacks, from the one pure
 * function in src/shared/profileChecklist.ts, with its progress ("4 of 6 done"). An item to do is
 * a button that takes the rider to it (the dashboard sends the edit machine's OPEN for its modal);
 * an ID awaiting the staff check says so and asks nothing. Once every item is done the card
 * collapses to one line.
 */
import { messages } from '../../../shared/messages';
import type { ChecklistItem, ChecklistItemKey, ProfileChecklist as Checklist } from '../../../shared/profileChecklist';
import { CheckIcon } from '../../kit/components/Icons';

export const CHECKLIST_HEADING_ID = 'profile-checklist-title';

function Item({ item, onGo }: { item: ChecklistItem; onGo: (key: ChecklistItemKey) => void }) {
  if (item.status === 'done') {
    return (
      <li className="checklist-item checklist-done">
        <span className="checklist-mark" aria-hidden="true">
          <CheckIcon />
        </span>
        <span>
          {messages.checklistDone[item.key]}
          <span className="visually-hidden">: {messages.checklistDoneLabel}</span>
        </span>
      </li>
    );
  }
  if (item.status === 'waiting') {
    return (
      <li className="checklist-item checklist-waiting">
        <span className="checklist-mark" aria-hidden="true" />
        <span>
          <strong>{messages.idAwaitingCheck}</strong>
          <span className="checklist-help">{messages.checklistIdWaitingHelp}</span>
        </span>
      </li>
    );
  }
  return (
    <li className="checklist-item checklist-todo">
      <span className="checklist-mark" aria-hidden="true" />
      <button type="button" className="link-button" data-checklist={item.key} onClick={() => onGo(item.key)}>
        {item.rejected ? messages.checklistIdRejected : messages.checklistTodo[item.key]}
      </button>
    </li>
  );
}

export function ProfileChecklist({ checklist, onGo }: { checklist: Checklist; onGo: (key: ChecklistItemKey) => void }) {
  if (checklist.complete) {
    return (
      <section className="card checklist checklist-complete" aria-labelledby={CHECKLIST_HEADING_ID}>
        <span className="checklist-mark" aria-hidden="true">
          <CheckIcon />
        </span>
        <div>
          <h2 id={CHECKLIST_HEADING_ID} tabIndex={-1}>
            {messages.checklistDoneHeading}
          </h2>
          <p className="muted small">{messages.checklistDoneText}</p>
        </div>
      </section>
    );
  }
  const progress = messages.checklistProgress(checklist.done, checklist.total);
  return (
    <section className="card checklist" aria-labelledby={CHECKLIST_HEADING_ID}>
      <div className="section-heading">
        <h2 id={CHECKLIST_HEADING_ID} tabIndex={-1}>
          {messages.checklistHeading}
        </h2>
        <span className="checklist-count" id="profile-checklist-count">
          {progress}
        </span>
      </div>
      <progress className="checklist-bar" max={checklist.total} value={checklist.done} aria-labelledby={`${CHECKLIST_HEADING_ID} profile-checklist-count`} />
      <p className="muted small">{messages.checklistIntro}</p>
      <ul className="checklist-items">
        {checklist.items.map((item) => (
          <Item key={item.key} item={item} onGo={onGo} />
        ))}
      </ul>
    </section>
  );
}
