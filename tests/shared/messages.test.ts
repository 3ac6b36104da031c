import { describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';

describe('the message catalogue composes sentences', () => {
  it('a display name ending with a full stop is not followed by a second one', () => {
    expect(messages.hireRequestSent('Ada O.')).toBe('Request sent to Ada O. They have 7 days to answer.');
    expect(messages.hireRequestSent('ada_rides')).toBe('Request sent to ada_rides. They have 7 days to answer.');
  });
});
