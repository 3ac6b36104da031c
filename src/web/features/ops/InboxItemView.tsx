/**
 * One inbox item in the console: who wrote and what, its status with the moves the
 * table allows, who it is assigned to, its notes and replies, a note form and the reply by
 * e-mail. Everything comes from the item machine's view model; every control sends an event.
 */
import { Link } from '@tanstack/react-router';
import type { InboxItemEvent, InboxItemView as ItemView } from '../../../../machines/ops/inboxItemMachine';
import { inboxKindLabels, NOTE_MAX, REPLY_BODY_MAX, REPLY_SUBJECT_MAX, type InboxEntry } from '../../../shared/inbox';
import { messages } from '../../../shared/messages';
import { opsPaths } from '../../../shared/opsPaths';
import { Field } from '../../kit/components/Field';
import { InboxStatusBadge } from './InboxListView';
import { OpsLoadFailed, OpsSkeleton } from './OpsLoadState';
import { formatWhen } from './OpsList';
import './inbox.css';

interface Props {
  view: ItemView;
  send: (event: InboxItemEvent) => void;
}

function BackLink() {
  return (
    <p className="ops-back">
      <Link to={opsPaths.inbox}>← {messages.opsInboxBack}</Link>
    </p>
  );
}

function Entry({ entry }: { entry: InboxEntry }) {
  return (
    <li className="ops-entry" data-kind={entry.kind}>
      <p className="ops-entry-head">
        <strong>{entry.kind === 'reply' ? messages.opsInboxReplyBy(entry.staffEmail) : messages.opsInboxNoteBy(entry.staffEmail)}</strong>{' '}
        <time className="ops-muted" dateTime={entry.createdAt}>
          {formatWhen(entry.createdAt)}
        </time>
      </p>
      {entry.subject ? <p className="ops-entry-subject">{entry.subject}</p> : null}
      <p className="ops-text">{entry.body}</p>
    </li>
  );
}

export function InboxItemView({ view, send }: Props) {
  if (view.state === 'loading') {
    return (
      <section>
        <BackLink />
        <OpsSkeleton label={messages.opsLoading} />
      </section>
    );
  }
  if (view.state === 'failed' || !view.detail || !view.status) {
    return (
      <section>
        <BackLink />
        <OpsLoadFailed message={messages.opsInboxLoadFailed} error={view.loadError} onRetry={() => send({ type: 'RETRY' })} />
      </section>
    );
  }

  const { item, timeline, staff, replyTo } = view.detail;
  const busy = view.busy;
  const statusError = view.fieldError('status', 'status');
  const assignError = view.fieldError('assign', 'staffId');
  const sending = view.state === 'sendingReply';
  const adding = view.state === 'addingNote';

  return (
    <article className="ops-item" aria-labelledby="ops-item-heading" aria-busy={busy}>
      <BackLink />
      <header className="ops-item-head">
        <h1 id="ops-item-heading">{item.name}</h1>
        <span className="ops-badge">{inboxKindLabels[item.kind]}</span> <InboxStatusBadge status={view.status} />
      </header>

      {view.alert ? (
        <p className="ops-alert" role="alert">
          {view.alert}
        </p>
      ) : null}

      <div className="ops-item-grid">
        <div>
          <section className="ops-card" aria-labelledby="ops-item-message">
            <h2 id="ops-item-message">{messages.opsInboxMessage}</h2>
            <dl className="ops-dl">
              <dt>{messages.opsInboxEmail}</dt>
              <dd>
                <a href={`mailto:${item.email}`}>{item.email}</a>
              </dd>
              <dt>{messages.opsInboxPhone}</dt>
              <dd>{item.phone ? <a href={`tel:${item.phone}`}>{item.phone}</a> : <span className="ops-muted">{messages.opsInboxNoPhone}</span>}</dd>
              <dt>{messages.opsInboxReceived}</dt>
              <dd>
                <time dateTime={item.createdAt}>{formatWhen(item.createdAt)}</time>
              </dd>
              <dt>{messages.opsInboxUpdated}</dt>
              <dd>
                <time dateTime={item.updatedAt}>{formatWhen(item.updatedAt)}</time>
              </dd>
            </dl>
            <p className="ops-text ops-message">{item.message || <span className="ops-muted">{messages.opsInboxNoMessage}</span>}</p>
          </section>

          <section className="ops-card" aria-labelledby="ops-item-timeline">
            <h2 id="ops-item-timeline">{messages.opsInboxTimeline}</h2>
            {timeline.length === 0 ? (
              <p className="ops-muted">{messages.opsInboxTimelineEmpty}</p>
            ) : (
              <ol className="ops-timeline">
                {timeline.map((entry) => (
                  <Entry key={entry.id} entry={entry} />
                ))}
              </ol>
            )}
            <form
              className="ops-note-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                send({ type: 'ADD_NOTE' });
              }}
            >
              <fieldset disabled={adding}>
                <Field
                  name="note"
                  id="ops-item-note"
                  label={messages.opsInboxNoteLabel}
                  multiline
                  maxLength={NOTE_MAX}
                  value={view.note}
                  error={view.fieldError('note', 'body')}
                  onValueChange={(value) => send({ type: 'EDIT_NOTE', value })}
                />
                <button type="submit" className="btn btn-secondary" disabled={busy}>
                  {adding ? messages.opsInboxAddingNote : messages.opsInboxAddNote}
                </button>
              </fieldset>
            </form>
          </section>

          <section className="ops-card" aria-labelledby="ops-item-reply">
            <h2 id="ops-item-reply">{messages.opsInboxReplyHeading}</h2>
            {view.canReply ? (
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  send({ type: 'SEND_REPLY' });
                }}
              >
                <p className="ops-muted">{messages.opsInboxReplyTo(item.email, replyTo)}</p>
                <fieldset disabled={sending}>
                  <Field
                    name="subject"
                    id="ops-item-reply-subject"
                    label={messages.opsInboxReplySubject}
                    maxLength={REPLY_SUBJECT_MAX}
                    value={view.reply.subject}
                    error={view.fieldError('reply', 'subject')}
                    onValueChange={(value) => send({ type: 'EDIT_REPLY', field: 'subject', value })}
                  />
                  <Field
                    name="body"
                    id="ops-item-reply-body"
                    label={messages.opsInboxReplyBody}
                    multiline
                    maxLength={REPLY_BODY_MAX}
                    value={view.reply.body}
                    error={view.fieldError('reply', 'body')}
                    onValueChange={(value) => send({ type: 'EDIT_REPLY', field: 'body', value })}
                  />
                  <button type="submit" className="btn" disabled={busy}>
                    {sending ? messages.opsInboxSendingReply : messages.opsInboxSendReply}
                  </button>
                </fieldset>
              </form>
            ) : (
              <p className="ops-muted">{messages.opsInboxReplyClosed}</p>
            )}
          </section>
        </div>

        <section className="ops-card ops-item-side" aria-labelledby="ops-item-status">
          <h2 id="ops-item-status">{messages.opsInboxStatus}</h2>
          <div className="ops-actions" role="group" aria-labelledby="ops-item-status">
            {view.moves.map((move) => (
              <button key={move.to} type="button" className="btn btn-secondary" disabled={busy} onClick={() => send({ type: 'MOVE', to: move.to })}>
                {view.state === 'changingStatus' && view.pendingMove === move.to ? messages.opsInboxSaving : move.label}
              </button>
            ))}
          </div>
          {statusError ? (
            <p className="field-error" role="alert">
              {statusError}
            </p>
          ) : null}

          <div className="field ops-assign">
            <label htmlFor="ops-item-assignee">{messages.opsInboxAssignee}</label>
            <select
              id="ops-item-assignee"
              value={view.state === 'assigning' ? (view.pendingAssignee ?? '') : (item.assignee?.id ?? '')}
              disabled={busy}
              aria-invalid={assignError ? true : undefined}
              aria-describedby={assignError ? 'ops-item-assignee-error' : undefined}
              onChange={(event) => send({ type: 'ASSIGN', staffId: event.target.value || null })}
            >
              <option value="">{messages.opsInboxUnassigned}</option>
              {staff.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.email}
                </option>
              ))}
            </select>
            {assignError ? (
              <p id="ops-item-assignee-error" className="field-error" role="alert">
                {assignError}
              </p>
            ) : null}
            {view.state === 'assigning' ? <p className="ops-muted">{messages.opsInboxSaving}</p> : null}
          </div>

          <button type="button" className="btn btn-secondary btn-small" disabled={busy} onClick={() => send({ type: 'REFRESH' })}>
            {view.state === 'refreshing' ? messages.opsInboxRefreshingItem : messages.opsRefresh}
          </button>
        </section>
      </div>
    </article>
  );
}
