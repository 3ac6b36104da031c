/**
 * Once a form is sent, a short confirmation replaces it and says what happens next
 * (the toast is said too), with a button to send another. It takes the focus, so a keyboard
 * or screen reader user is not left on a button that has gone.
 */
import { useEffect, useRef } from 'react';

export interface Confirmation {
  heading: string;
  /** What happens next. */
  text: string;
  /** The button that brings the empty form back. */
  again: string;
}

interface FormConfirmationProps {
  id: string;
  headingLevel: 'h1' | 'h2';
  confirmation: Confirmation;
  onAgain: () => void;
}

export function FormConfirmation({ id, headingLevel, confirmation, onAgain }: FormConfirmationProps) {
  const Heading = headingLevel;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="card form-card form-confirmation" aria-labelledby={`${id}-sent-title`}>
      <Heading id={`${id}-sent-title`} ref={heading} tabIndex={-1}>
        {confirmation.heading}
      </Heading>
      <p>{confirmation.text}</p>
      <button type="button" className="btn btn-secondary" onClick={onAgain}>
        {confirmation.again}
      </button>
    </section>
  );
}
