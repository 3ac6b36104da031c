/**
 * The square preview of a chosen picture that the rider recentres: the photo
 * covers the square exactly as the server will store it (object-fit: cover at the focal point's
 * object-position; src/shared/uploads.ts), the corners a round avatar cuts off are dimmed, and a
 * slider over it takes drags (pointer events: finger, mouse, pen) and the arrow keys. It reports
 * each new focal point (RECENTRE in the machines) and keeps nothing but the drag under way.
 *
 * The slider moves along the side the photo overflows: up and down for a portrait photo, left
 * and right for a landscape one (all four arrows work on either). Its value is what a screen
 * reader says: "20% from the top".
 */
import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { messages } from '../../../shared/messages';
import { clampFocus, FOCUS_STEP, type FocalPoint } from '../../../shared/uploads';
import './uploads.css';

export interface Size {
  width: number;
  height: number;
}

/**
 * The room (in CSS pixels) a photo of `natural` size has to move once it covers `box`: the
 * part that overflows on each axis (0 on the axis it fills exactly).
 */
export function roomToMove(natural: Size, box: Size): Size {
  if (!(natural.width > 0 && natural.height > 0 && box.width > 0 && box.height > 0)) return { width: 0, height: 0 };
  const scale = Math.max(box.width / natural.width, box.height / natural.height);
  return { width: Math.max(0, natural.width * scale - box.width), height: Math.max(0, natural.height * scale - box.height) };
}

/**
 * The focal point after dragging the photo by (dx, dy) CSS pixels from `start`: the photo follows
 * the finger, so dragging it down shows more of its top (y goes down).
 */
export function focusAfterDrag(start: FocalPoint, dx: number, dy: number, room: Size): FocalPoint {
  return clampFocus({
    x: room.width > 0 ? start.x - (dx / room.width) * 100 : start.x,
    y: room.height > 0 ? start.y - (dy / room.height) * 100 : start.y,
  });
}

/**
 * The focal point after a key, or null for a key the preview leaves alone. The arrows move the
 * square over the photo (Up shows more of the top), five times as far with Shift; Home and End
 * go to one end of the side the photo overflows.
 */
export function focusAfterKey(focus: FocalPoint, key: string, shift: boolean, vertical: boolean): FocalPoint | null {
  const step = shift ? FOCUS_STEP * 5 : FOCUS_STEP;
  switch (key) {
    case 'ArrowUp':
      return clampFocus({ x: focus.x, y: focus.y - step });
    case 'ArrowDown':
      return clampFocus({ x: focus.x, y: focus.y + step });
    case 'ArrowLeft':
      return clampFocus({ x: focus.x - step, y: focus.y });
    case 'ArrowRight':
      return clampFocus({ x: focus.x + step, y: focus.y });
    case 'Home':
      return vertical ? { x: focus.x, y: 0 } : { x: 0, y: focus.y };
    case 'End':
      return vertical ? { x: focus.x, y: 100 } : { x: 100, y: focus.y };
    default:
      return null;
  }
}

export interface PictureCropProps {
  /** The chosen photo (an object URL). */
  src: string;
  /** The photo's text alternative, e.g. 'Preview of your profile picture'. */
  alt: string;
  /** An id for the hint under the square. */
  id: string;
  focus: FocalPoint;
  /** Null while the preview cannot move (an upload under way). */
  onRecentre: ((focus: FocalPoint) => void) | null;
}

export function PictureCrop({ src, alt, id, focus, onRecentre }: PictureCropProps) {
  const image = useRef<HTMLImageElement>(null);
  const drag = useRef<{ pointer: number; x: number; y: number; start: FocalPoint } | null>(null);
  // Presentation only: the photo's shape, known once it has loaded (portrait until then: a selfie).
  const [natural, setNatural] = useState<Size | null>(null);
  const vertical = natural ? natural.height >= natural.width : true;
  const disabled = onRecentre === null;

  const move = (next: FocalPoint | null) => {
    if (!next || !onRecentre || (next.x === focus.x && next.y === focus.y)) return;
    onRecentre(next);
  };
  const pointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (disabled || (e.pointerType === 'mouse' && e.button !== 0)) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { pointer: e.pointerId, x: e.clientX, y: e.clientY, start: focus };
  };
  const pointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointer !== e.pointerId) return;
    const img = image.current;
    const box = e.currentTarget.getBoundingClientRect();
    const room = roomToMove({ width: img?.naturalWidth ?? 0, height: img?.naturalHeight ?? 0 }, { width: box.width, height: box.height });
    move(focusAfterDrag(d.start, e.clientX - d.x, e.clientY - d.y, room));
  };
  const pointerEnd = (e: PointerEvent<HTMLDivElement>) => {
    if (drag.current?.pointer === e.pointerId) drag.current = null;
  };
  const keyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const next = focusAfterKey(focus, e.key, e.shiftKey, vertical);
    if (!next) return;
    e.preventDefault();
    move(next);
  };

  const value = vertical ? focus.y : focus.x;
  return (
    <div className="picture-crop-wrap">
      <div className="picture-crop">
        <img
          ref={image}
          className="picture-crop-image"
          src={src}
          alt={alt}
          width={176}
          height={176}
          draggable={false}
          style={{ objectPosition: `${focus.x}% ${focus.y}%` }}
          onLoad={(e) => setNatural({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
        />
        <div
          className="picture-crop-handle"
          role="slider"
          tabIndex={disabled ? -1 : 0}
          aria-label={messages.pictureFocusLabel}
          aria-describedby={`${id}-hint`}
          aria-orientation={vertical ? 'vertical' : 'horizontal'}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value}
          aria-valuetext={messages.pictureFocusText(value, vertical ? 'top' : 'left')}
          aria-disabled={disabled || undefined}
          onPointerDown={pointerDown}
          onPointerMove={pointerMove}
          onPointerUp={pointerEnd}
          onPointerCancel={pointerEnd}
          onKeyDown={keyDown}
        />
      </div>
      <p id={`${id}-hint`} className="field-hint picture-crop-hint">
        {messages.pictureFocusHint}
      </p>
    </div>
  );
}
