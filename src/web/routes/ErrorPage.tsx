/**
 * The router's fallback (spec §2): 'Unexpected Application Error!' with the error's status
 * and text, or its message. A script chunk that failed to load says so and offers a reload.
 */
import type { ErrorComponentProps } from '@tanstack/react-router';
import { useEffect } from 'react';
import { messages } from '../../shared/messages';
import { reportError } from '../kit/errorReporting';

function isChunkLoadError(error: unknown): boolean {
  const text = error instanceof Error ? `${error.name} ${error.message}` : String(error);
  return /ChunkLoadError|Loading chunk|dynamically imported module|Importing a module script failed|error loading dynamically imported|module script/i.test(
    text,
  );
}

function describe(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const { status, statusText } = error as { status: unknown; statusText?: unknown };
    return `${String(status)} ${typeof statusText === 'string' ? statusText : ''}`.trim();
  }
  return error instanceof Error ? error.message : String(error);
}

export function ErrorPage({ error }: Pick<ErrorComponentProps, 'error'>) {
  // Reported once per error object; a chunk's failure was reported by router.tsx's lazy().
  useEffect(() => reportError(error, isChunkLoadError(error) ? 'chunk' : 'router'), [error]);
  if (isChunkLoadError(error)) {
    return (
      <section className="status-page" role="alert">
        <h1>{messages.chunkLoadFailed}</h1>
        <p>Your connection may have dropped while the page was loading.</p>
        <button type="button" className="btn" onClick={() => window.location.reload()}>
          {messages.reloadPage}
        </button>
      </section>
    );
  }
  return (
    <section className="status-page" role="alert">
      <h1>{messages.unexpectedError}</h1>
      <p>
        <i>{describe(error)}</i>
      </p>
    </section>
  );
}
