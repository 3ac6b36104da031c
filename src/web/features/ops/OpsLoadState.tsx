/**
 * What a console page or list shows before its data is there: a skeleton while it loads, and
 * the failure (with the server's reason when there is one) and Try again when it did not.
 */
import { messages } from '../../../shared/messages';

/** The loading skeleton; `label` is what a screen reader announces. */
export function OpsSkeleton({ label }: { label: string }) {
  return (
    <div className="ops-skeleton" role="status" aria-live="polite" aria-label={label}>
      <span />
      <span />
      <span />
    </div>
  );
}

/** The load failed: `message`, the server's `error` under it, and Try again. */
export function OpsLoadFailed({ message, error, onRetry }: { message: string; error: string | null; onRetry: () => void }) {
  return (
    <div className="ops-failed" role="alert">
      <p>{message}</p>
      {error ? <p className="ops-muted">{error}</p> : null}
      <button type="button" className="btn" onClick={onRetry}>
        {messages.tryAgain}
      </button>
    </div>
  );
}
