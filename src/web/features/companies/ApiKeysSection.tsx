/**
 * The "API keys" section of the company's Account tab: the keys (name, first characters, made,
 * last used, live or revoked), a name and "Make a key", the new key shown once with a copy
 * button, and a confirmation before revoking. Renders the API keys machine's view model and
 * sends its events; keeps no workflow state.
 */
import { API_KEY_NAME_MAX, apiKeyDate, apiKeyMessages as m } from '../../../shared/apiKeys';
import { Field } from '../../kit/components/Field';
import { Modal } from '../../kit/components/Modal';
import type { ApiKeysSectionState } from './useApiKeys';
import { useApiKeys } from './useApiKeys';

const ID = 'company-api-keys';

export function ApiKeysSectionView({ view, send }: ApiKeysSectionState) {
  const { state } = view;
  return (
    <section className="card company-account-card company-api-keys" aria-labelledby={`${ID}-title`} aria-busy={view.busy}>
      <h2 id={`${ID}-title`}>{m.sectionTitle}</h2>
      <p className="company-account-note">{m.sectionIntro}</p>
      {state === 'loading' ? <p role="status">{m.loading}</p> : null}
      {state === 'failed' ? (
        <div role="alert">
          <p>{m.loadFailed}</p>
          <button type="button" className="btn" onClick={() => send({ type: 'RETRY' })}>
            {m.retry}
          </button>
        </div>
      ) : null}
      {state !== 'loading' && state !== 'failed' ? (
        <>
          {view.keys.length === 0 ? (
            <p>{m.none}</p>
          ) : (
            <div className="company-api-keys-table">
              <table>
                <thead>
                  <tr>
                    <th scope="col">{m.columnName}</th>
                    <th scope="col">{m.columnKey}</th>
                    <th scope="col">{m.columnCreated}</th>
                    <th scope="col">{m.columnLastUsed}</th>
                    <th scope="col">{m.columnStatus}</th>
                    <th scope="col">
                      <span className="visually-hidden">{m.revoke}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {view.keys.map((key) => (
                    <tr key={key.id}>
                      <th scope="row">{key.name}</th>
                      <td>
                        <code>{key.prefix}…</code>
                      </td>
                      <td>{apiKeyDate(key.created_at)}</td>
                      <td>{key.last_used_at ? apiKeyDate(key.last_used_at) : m.neverUsed}</td>
                      <td>{key.revoked_at ? m.revoked : m.live}</td>
                      <td>
                        {key.revoked_at ? null : (
                          <button
                            type="button"
                            className="btn btn-secondary btn-small"
                            aria-label={`${m.revoke} ${key.name}`}
                            disabled={state !== 'list'}
                            onClick={() => send({ type: 'REVOKE', id: key.id })}
                          >
                            {m.revoke}
                          </button>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {view.alert ? (
            <p className="field-error" role="alert">
              {view.alert}
            </p>
          ) : null}
          {view.newKey ? (
            <div className="company-api-keys-new" role="group" aria-labelledby={`${ID}-new-title`}>
              <h3 id={`${ID}-new-title`}>{m.newKeyTitle}</h3>
              <p>
                <strong>{view.newKey.name}</strong>
              </p>
              <code className="company-api-keys-secret" data-testid="new-api-key">
                {view.newKey.key}
              </code>
              <p className="company-account-note">{m.newKeyShownOnce}</p>
              <button type="button" className="btn btn-secondary" disabled={state === 'copying'} onClick={() => send({ type: 'COPY' })}>
                {view.copied === 'done' ? m.copied : m.copy}
              </button>
              {view.copied === 'failed' ? (
                <p className="field-error" role="alert">
                  {m.copyFailed}
                </p>
              ) : null}
              <button type="button" className="btn" disabled={state === 'copying'} onClick={() => send({ type: 'DONE' })}>
                {m.done}
              </button>
            </div>
          ) : (
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                send({ type: 'CREATE' });
              }}
            >
              <Field
                id={`${ID}-name`}
                name="name"
                label={m.nameLabel}
                hint={m.nameHint}
                value={view.name}
                error={view.nameError}
                maxLength={API_KEY_NAME_MAX}
                required
                onValueChange={(value) => send({ type: 'CHANGE', value })}
              />
              <button type="submit" className="btn" disabled={state !== 'list'} aria-busy={state === 'creating'}>
                {state === 'creating' ? m.creating : m.create}
              </button>
            </form>
          )}
        </>
      ) : null}
      {view.target ? (
        <Modal title={m.revokeConfirmTitle(view.target.name)} tone="danger" busy={state === 'revoking'} onClose={() => send({ type: 'CANCEL' })}>
          <p>{m.revokeConfirmText}</p>
          <div className="company-api-keys-actions">
            <button type="button" className="btn btn-secondary" disabled={state === 'revoking'} onClick={() => send({ type: 'CANCEL' })}>
              {m.cancel}
            </button>
            <button type="button" className="btn btn-danger" disabled={state === 'revoking'} aria-busy={state === 'revoking'} onClick={() => send({ type: 'CONFIRM' })}>
              {state === 'revoking' ? m.revoking : m.revokeConfirm}
            </button>
          </div>
        </Modal>
      ) : null}
    </section>
  );
}

/** The section on the Account tab, with its own machine. */
export function ApiKeysSection() {
  return <ApiKeysSectionView {...useApiKeys()} />;
}
