// @vitest-environment jsdom
/**
 * The square preview's arithmetic and its landscape case (src/web/kit/uploads/PictureCrop.tsx; the
 * portrait case runs through the real sign-up wizard and dashboard in SignupWizard.test.tsx and
 * RiderDashboard.test.tsx): the room a photo has to move, a drag in pixels turned into the focal
 * point the server crops at, and the keys.
 */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../src/shared/messages';
import type { FocalPoint } from '../../src/shared/uploads';
import { PictureCrop, focusAfterDrag, focusAfterKey, roomToMove } from '../../src/web/kit/uploads/PictureCrop';

afterEach(cleanup);

describe('the square preview', () => {
  it('measures the room a covering photo has to move: only along its long side', () => {
    expect(roomToMove({ width: 1600, height: 1200 }, { width: 176, height: 176 })).toEqual({ width: 176 * (4 / 3) - 176, height: 0 });
    expect(roomToMove({ width: 900, height: 900 }, { width: 176, height: 176 })).toEqual({ width: 0, height: 0 });
    expect(roomToMove({ width: 0, height: 0 }, { width: 176, height: 176 })).toEqual({ width: 0, height: 0 }); // not loaded yet
  });

  it('follows the finger: dragging a landscape photo right shows more of its left, kept within 0-100', () => {
    const room = { width: 100, height: 0 };
    expect(focusAfterDrag({ x: 50, y: 50 }, 25, 40, room)).toEqual({ x: 25, y: 50 }); // no room up and down: y stays
    expect(focusAfterDrag({ x: 50, y: 50 }, -30, 0, room)).toEqual({ x: 80, y: 50 });
    expect(focusAfterDrag({ x: 50, y: 50 }, 400, 0, room)).toEqual({ x: 0, y: 50 });
  });

  it('moves the square with the keys: arrows by 5, Shift by 25, Home and End along the long side', () => {
    const at: FocalPoint = { x: 50, y: 50 };
    expect(focusAfterKey(at, 'ArrowLeft', false, false)).toEqual({ x: 45, y: 50 });
    expect(focusAfterKey(at, 'ArrowRight', true, false)).toEqual({ x: 75, y: 50 });
    expect(focusAfterKey({ x: 98, y: 50 }, 'ArrowRight', false, false)).toEqual({ x: 100, y: 50 });
    expect(focusAfterKey(at, 'Home', false, false)).toEqual({ x: 0, y: 50 });
    expect(focusAfterKey(at, 'End', false, true)).toEqual({ x: 50, y: 100 });
    expect(focusAfterKey(at, 'Enter', false, true)).toBeNull();
  });

  it('turns into a horizontal slider for a landscape photo, read out from the left', () => {
    function Harness() {
      const [focus, setFocus] = useState<FocalPoint>({ x: 50, y: 50 });
      return <PictureCrop id="crop" src="blob:wide" alt="Preview" focus={focus} onRecentre={setFocus} />;
    }
    render(<Harness />);
    const photo = screen.getByAltText('Preview') as HTMLImageElement;
    Object.defineProperty(photo, 'naturalWidth', { value: 1600 });
    Object.defineProperty(photo, 'naturalHeight', { value: 900 });
    fireEvent.load(photo);
    const slider = screen.getByRole('slider', { name: messages.pictureFocusLabel });
    expect(slider.getAttribute('aria-orientation')).toBe('horizontal');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect([photo.style.objectPosition, slider.getAttribute('aria-valuenow'), slider.getAttribute('aria-valuetext')]).toEqual([
      '55% 50%',
      '55',
      '55% from the left',
    ]);
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(photo.style.objectPosition).toBe('0% 50%');
  });
});
