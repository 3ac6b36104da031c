// @vitest-environment jsdom
/**
 * A state with no story fails here.
 *
 * Machines: every module under machines/ (scanned, so a new file is found without being listed)
 * is loaded, and every state machine it exports is found (an xstate StateMachine object). Each
 * must have a test plan (tests/machines/plans, whose `states[key].story` is the state → story
 * link the Storybook diagrams draw) and a diagram in Machines.stories; every state node of the
 * machine, read from the machine object itself (machine.root, recursively), must link to a story
 * that exists; and the plan links no state the machine does not have. A machine made with
 * `.provide()` from a planned one (the same definition with other effects, e.g. a sign-up step
 * built on the form machine) has that machine's states and stories.
 *
 * Views: the views designers review (the header and phone menu signed out and in, with and without
 * a picture; the profile dropdown; the footer on a phone; the enquiry, quote and waitlist forms
 * in each state; the share states; the public rider page; the modal, select, file field and
 * Google button) each have their stories, and a design-system piece's stories render the real
 * component (their meta's component is the app's own).
 */
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import { StateMachine, type AnyStateMachine } from 'xstate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FormView } from '../../machines/kit/formView';
import { Combobox } from '../../src/web/kit/components/Combobox';
import { GoogleButton } from '../../src/web/kit/components/GoogleButton';
import { Header } from '../../src/web/kit/components/Header';
import { Modal } from '../../src/web/kit/components/Modal';
import { EnquiryFormView } from '../../src/web/features/enquiries/EnquiryForm';
import { FileField, SelectField } from '../../src/web/features/profile/fields';
import preview from '../../storybook/preview';
import * as machineStories from '../../storybook/stories/Machines.stories';
import { plannedMachines } from '../machines/plans';
import { stateKeys } from '../machines/plans/generate';

const annotations = setProjectAnnotations([preview]);
beforeAll(annotations.beforeAll);

// ---- Every story, by id, with the component its file declares

type StoriesModule = Parameters<typeof composeStories>[0] & { default: { component?: unknown } };
interface Composed {
  id: string;
  parameters: Record<string, unknown>;
  args: Record<string, unknown>;
}
const storyModules = import.meta.glob<StoriesModule>('../../storybook/stories/**/*.stories.tsx', { eager: true });
const stories = new Map<string, { file: string; name: string; story: Composed; component: unknown }>();
for (const [path, module] of Object.entries(storyModules)) {
  for (const [name, story] of Object.entries(composeStories(module)) as unknown as Array<[string, Composed]>) {
    stories.set(story.id, { file: path.replace('../../storybook/stories/', ''), name, story, component: module.default.component });
  }
}

// ---- Every machine in machines/

const machineModules = import.meta.glob<Record<string, unknown>>('../../machines/**/*.ts', { eager: true });
const found = new Map<AnyStateMachine, string>();
for (const [path, module] of Object.entries(machineModules)) {
  for (const [exportName, value] of Object.entries(module)) {
    if (value instanceof StateMachine && !found.has(value as AnyStateMachine)) found.set(value as AnyStateMachine, `${path.replace('../../', '')} › ${exportName}`);
  }
}

/** The plan of a machine: its own, or that of the planned machine it was `.provide()`d from. */
const planOf = (machine: AnyStateMachine) =>
  plannedMachines.find((p) => p.machine === machine) ?? plannedMachines.find((p) => p.machine.config === machine.config);

describe('every state of every machine in machines/ has a story', () => {
  const diagrams = Object.values(composeStories(machineStories)) as unknown as Composed[];

  it('finds the machines by scanning machines/', () => {
    const names = [...found.values()];
    expect(names.length).toBeGreaterThanOrEqual(plannedMachines.length);
    for (const { plan } of plannedMachines) expect(names.some((n) => n.endsWith(` › ${plan.machine}`)), plan.machine).toBe(true);
  });

  for (const [machine, where] of found) {
    it(`${where}: has a plan and a diagram, and every state links to a story that exists`, () => {
      const planned = planOf(machine);
      expect(planned, `${where} has no test plan in tests/machines/plans (so no state → story links)`).toBeDefined();
      const { plan } = planned!;
      expect(
        diagrams.some((d) => d.parameters.machineName === plan.machine),
        `${plan.machine} has no diagram in storybook/stories/Machines.stories.tsx`,
      ).toBe(true);
      const keys = stateKeys(machine);
      expect(keys.filter((key) => !plan.states[key]?.story), 'states with no story').toEqual([]);
      expect(
        keys.filter((key) => !stories.has(plan.states[key]!.story)).map((key) => `${key} → ${plan.states[key]!.story}`),
        'states linked to a story that does not exist',
      ).toEqual([]);
      expect(
        Object.keys(plan.states).filter((key) => !keys.includes(key)),
        'links of states the machine does not have',
      ).toEqual([]);
    });
  }
});

// ---- The views designers review

interface RequiredView {
  view: string;
  /** The app's component the stories' file declares (a design-system piece's stories render it, not a copy). */
  component?: unknown;
  /** State → story id. */
  states: Record<string, string>;
}

const shell = (name: string) => `site-header-menu-and-footer--${name}`;
const requiredViews: RequiredView[] = [
  {
    view: 'the site header',
    component: Header,
    states: {
      'signed out': shell('header-signed-out'),
      'signed in, no picture': shell('header-signed-in'),
      'signed in, with a picture': shell('header-signed-in-with-picture'),
    },
  },
  {
    view: 'the phone menu at 375 px, open',
    component: Header,
    states: {
      'signed out': shell('phone-menu-signed-out'),
      'signed in, no picture': shell('phone-menu-signed-in'),
      'signed in, with a picture': shell('phone-menu-signed-in-with-picture'),
    },
  },
  { view: 'the profile dropdown', component: Header, states: { open: shell('profile-dropdown-open') } },
  { view: 'the footer', states: { 'on a phone': shell('footer-phone'), 'on a phone, Links open': shell('footer-phone-links-open') } },
  {
    view: 'sharing the public profile',
    states: { 'the phone’s share sheet': 'dashboard-share-profile--sharing', 'link copied': 'dashboard-share-profile--link-copied', 'copy failed': 'dashboard-share-profile--copy-failed' },
  },
  {
    view: 'the public rider page',
    states: {
      'complete profile': 'pages-public-rider-page--complete-profile',
      'minimal profile': 'pages-public-rider-page--minimal-profile',
      'suspended or unknown (404)': 'pages-public-rider-page--not-found',
    },
  },
  { view: 'the modal', component: Modal, states: { open: 'design-system-modal--open', busy: 'design-system-modal--busy', danger: 'design-system-modal--danger' } },
  {
    view: 'the select',
    component: SelectField,
    states: { empty: 'design-system-select--empty', chosen: 'design-system-select--chosen', error: 'design-system-select--with-error', disabled: 'design-system-select--disabled' },
  },
  { view: 'the searchable select', component: Combobox, states: { closed: 'design-system-combobox--closed', open: 'design-system-combobox--open' } },
  {
    view: 'the file field',
    component: FileField,
    states: {
      empty: 'design-system-file-field--empty',
      'on record': 'design-system-file-field--on-record',
      chosen: 'design-system-file-field--chosen',
      error: 'design-system-file-field--too-large',
      picture: 'design-system-file-field--picture-chosen',
    },
  },
  {
    view: 'the Google button',
    component: GoogleButton,
    // Unavailable renders nothing: the login page's GoogleSignInOff story shows that page.
    states: { available: 'design-system-google-button--available', loading: 'design-system-google-button--config-loading' },
  },
];

/** Each public form in each state, found by the story's parameters.publicForm, and the view state that state shows. */
const publicForms = ['enquiry', 'quote', 'waitlist'] as const;
const publicFormStates: Record<string, FormView['state']> = {
  idle: 'editing',
  captcha: 'editing',
  fieldErrors: 'invalid',
  captchaRefused: 'invalid',
  verifyingCaptcha: 'verifyingCaptcha',
  submitting: 'submitting',
  failed: 'editing',
  succeeded: 'succeeded',
};

describe('every view designers review has its stories', () => {
  for (const { view, component, states } of requiredViews) {
    it(`${view}: ${Object.keys(states).join(', ')}`, () => {
      const missing = Object.entries(states)
        .filter(([, id]) => !stories.has(id))
        .map(([state, id]) => `${state} (${id})`);
      expect(missing, `${view}: states with no story`).toEqual([]);
      if (component) {
        for (const [state, id] of Object.entries(states)) {
          expect(stories.get(id)!.component === component, `${view} › ${state}: ${stories.get(id)!.file} declares the app's component`).toBe(true);
        }
      }
    });
  }

  for (const form of publicForms) {
    it(`the ${form} form: ${Object.keys(publicFormStates).join(', ')}`, () => {
      const ofForm = [...stories.values()].filter(({ story }) => (story.parameters.publicForm as { form?: string } | undefined)?.form === form);
      const missing: string[] = [];
      for (const [state, viewState] of Object.entries(publicFormStates)) {
        const match = ofForm.find(({ story }) => (story.parameters.publicForm as { state: string }).state === state);
        if (!match) {
          missing.push(state);
          continue;
        }
        expect(match.component, `${match.name}: the app's form view`).toBe(EnquiryFormView);
        const shown = (match.story.args.view as FormView).state;
        expect(`${match.name}: ${shown}`).toBe(`${match.name}: ${viewState}`);
        if (state === 'captcha') expect((match.story.args.view as FormView).showCaptcha, match.name).toBe(true);
        if (state === 'failed') expect((match.story.args.view as FormView).notice, match.name).not.toBeNull();
      }
      expect(missing, `the ${form} form: states with no story`).toEqual([]);
    });
  }

});
