/**
 * A server-sent events reader over fetch: EventSource cannot send a header, and the console's
 * streams need the staff token in one. Reads `text/event-stream` as it arrives and calls back with
 * each message (its `event:` name, default 'message', and its joined `data:` lines); comments
 * (`: ping`) keep the connection alive and are skipped.
 *
 * Resolves when the server ends the stream; rejects with EventStreamUnavailable when the answer is
 * not a stream (e.g. a 404 while the route does not exist) and with the network's error when the
 * connection drops. Aborting the signal ends it quietly.
 */
export interface StreamMessage {
  event: string;
  data: string;
  id: string | null;
}

export class EventStreamUnavailable extends Error {
  constructor(readonly status: number) {
    super(`event stream unavailable (${status})`);
    this.name = 'EventStreamUnavailable';
  }
}

export interface EventStreamOptions {
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The stream answered: messages may follow. */
  onOpen?: () => void;
  onMessage: (message: StreamMessage) => void;
}

/** Splits the stream's text into messages (blank-line separated), keeping an unfinished one for the next chunk. */
export function createEventParser(onMessage: (message: StreamMessage) => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let end = buffer.indexOf('\n\n');
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\n\n');
      let event = 'message';
      let id: string | null = null;
      const data: string[] = [];
      for (const line of block.split('\n')) {
        if (line === '' || line.startsWith(':')) continue;
        const colon = line.indexOf(':');
        const field = colon < 0 ? line : line.slice(0, colon);
        const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
        if (field === 'event') event = value;
        else if (field === 'data') data.push(value);
        else if (field === 'id') id = value;
      }
      // A block of comments only (a ping) is no message.
      if (data.length > 0) onMessage({ event, data: data.join('\n'), id });
    }
  };
}

export async function readEventStream(url: string, options: EventStreamOptions): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { accept: 'text/event-stream', ...options.headers }, signal: options.signal, cache: 'no-store' });
  } catch (error) {
    if (options.signal?.aborted) return;
    throw error;
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || !type.startsWith('text/event-stream') || !response.body) {
    void response.body?.cancel().catch(() => undefined);
    throw new EventStreamUnavailable(response.status);
  }
  options.onOpen?.();
  const parse = createEventParser(options.onMessage);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parse(decoder.decode(value, { stream: true }));
    }
  } catch (error) {
    if (options.signal?.aborted) return;
    throw error;
  }
}
