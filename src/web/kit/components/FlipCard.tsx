/**
 * A card that turns over to show its back: on hover where there is a mouse, and by its button
 * (Enter, Space, a tap or a click) everywhere. The button's pressed state is the flip.
 */
import { useId, useState, type ReactNode } from 'react';
import { FlipIcon } from './Icons';

interface FlipCardProps {
  title: string;
  icon: ReactNode;
  front: ReactNode;
  back: ReactNode;
}

export function FlipCard({ title, icon, front, back }: FlipCardProps) {
  const [flipped, setFlipped] = useState(false);
  const backId = useId();
  return (
    // A tap or click anywhere on the card turns it; the button's own click (also from Enter and
    // Space) bubbles up here, so the button has no handler of its own.
    <div className={flipped ? 'flip-card is-flipped' : 'flip-card'} onClick={() => setFlipped((f) => !f)}>
      <div className="flip-inner">
        <div className="flip-face flip-front">
          <span className="flip-icon">{icon}</span>
          <h3>{title}</h3>
          <p aria-hidden={flipped}>{front}</p>
        </div>
        <div className="flip-face flip-back" id={backId} aria-hidden={!flipped}>
          <h3 aria-hidden="true" className="flip-back-title">
            {title}
          </h3>
          <p>{back}</p>
        </div>
      </div>
      <button
        type="button"
        className="flip-button"
        aria-pressed={flipped}
        aria-controls={backId}
      >
        <FlipIcon />
        <span>
          Flip<span className="visually-hidden"> card: {title}</span>
        </span>
      </button>
    </div>
  );
}
