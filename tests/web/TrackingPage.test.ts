// @vitest-environment jsdom
/**
 * The tracking page (the server's renderTrackingPage: it has no React view) along the delivery
 * machine's covering paths: after each move the actor's snapshot becomes the page's data (the
 * status, a rider once one has the job), the page is parsed as a browser parses it, and what a
 * reader sees must be what deliverySnapshotToTracking says. Every transition of the machine must
 * be taken. The same paths drive the page through the real endpoints in
 * tests/server/trackingPaths.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { deliveryMachine, deliverySnapshotToTracking } from '../../machines/deliveries/deliveryMachine';
import { renderTrackingPage } from '../../src/server/features/deliveries/trackingPage';
import type { DeliveryStatus } from '../../src/shared/deliveries/moves';
import { trackingMessages as tm } from '../../src/shared/deliveries/trackingMessages';
import { TransitionRecorder } from '../machines/coverage';
import { deliveryCoveringPaths, pathName } from '../machines/deliveryModel';
import { trackingPageData } from '../server/trackingFixtures';

const recorder = new TransitionRecorder();

describe('the tracking page along the delivery machine’s covering paths', () => {
  it.each(deliveryCoveringPaths().map((steps, i) => [i + 1, pathName(steps), steps] as const))('path %i: %s', (_i, _name, steps) => {
    const actor = createActor(deliveryMachine, { inspect: recorder.inspect }).start();
    for (const step of steps) {
      actor.send(step.event);
      const snapshot = actor.getSnapshot();
      const shown = deliverySnapshotToTracking(snapshot);
      const html = renderTrackingPage(trackingPageData(snapshot.value as DeliveryStatus, snapshot.context.rider), '/track/t', 'https://example.ng/track/t', null);
      const doc = new DOMParser().parseFromString(html, 'text/html');
      const what = `${step.event.type} by ${step.event.by} → ${shown.status}`;
      expect(doc.getElementById('status')?.textContent, what).toBe(shown.statusText);
      expect([...doc.querySelectorAll('ol li')].at(-1)?.textContent, what).toContain(shown.statusText);
      expect(doc.getElementById('rider')?.textContent ?? null, what).toBe(shown.riderShown ? tm.rider : null);
      expect(doc.querySelector('a[href^="tel:"]') !== null, `${what}: phone`).toBe(shown.phoneShown);
      expect(doc.querySelector('form[action="/track/t/cancel"]') !== null, `${what}: cancel`).toBe(shown.cancelShown);
      expect(doc.querySelector('form[action="/track/t/rating"]') !== null, `${what}: rating`).toBe(shown.ratingShown);
      expect(doc.getElementById('track')?.hasAttribute('data-final'), what).toBe(shown.final);
    }
  });

  afterAll(() => {
    expect(recorder.report('deliveryMachine through the tracking page', deliveryMachine)).toEqual([]);
  });
});
