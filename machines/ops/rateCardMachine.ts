/**
 * The console's rate card: staff read the card in force and its versions; an admin edits the
 * figures (in naira), sees sample trips priced with the draft, and saves a new version after
 * typing the password or a fresh code.
 *
 *   loading ──done──▶ ready            ──error──▶ failed ──RETRY──▶ loading
 *   ready ──EDIT / DISCARD──▶ ready     (admins only; the draft and its errors)
 *         ──ADD / REMOVE / TOGGLE_DAY──▶ ready  (admins only: a distance band or rush-hour window
 *                                        more or less, a window's day on or off; within the rules' counts)
 *         ──SAVE[draft refused]──▶ ready  (each refusal under its field, by the shared rules)
 *         ──SAVE[unchanged]──▶ ready      (says there is nothing to save)
 *         ──SAVE──▶ confirming ──CANCEL──▶ ready
 *   confirming ──CONFIRM──▶ saving ──done──▶ ready (the new version, "Saved")
 *   saving ──error[confirmation refused]──▶ confirming   (the message under the field)
 *          ──error[someone saved meanwhile]──▶ conflict ──RELOAD──▶ loading
 *          ──error──▶ ready                (the server's refusal under its field, or the alert)
 *
 * Pure: the requests are the `load` and `save` actors, supplied by the view's hook.
 */
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { FieldError } from '../../src/shared/api';
import {
  addToDraft,
  canAdd,
  canRemove,
  cardOfDraft,
  draftChanged,
  draftOf,
  isListField,
  rateCardFields,
  removeFromDraft,
  shapeOf,
  renumberedField,
  toggleDayInDraft,
  type RateCardField,
  type RateCardList,
  priceSamples,
  type OpsRateCard,
  type RateCardBody,
  type RateCardDraft,
} from '../../src/shared/deliveries/rateCardForm';
import { rateCardMessages as m } from '../../src/shared/deliveries/rateCardMessages';
import type { RateCard } from '../../src/shared/deliveries/rateCard';
import { fieldErrorOf, SubmitError } from '../kit/errors';

export interface RateCardInput {
  /** Admins edit; dispatchers read. */
  canEdit: boolean;
}

export interface RateCardContext {
  canEdit: boolean;
  data: OpsRateCard | null;
  draft: RateCardDraft;
  /** Refusals under their fields (the field is the card's path). */
  errors: FieldError[];
  /** A line for the whole form: nothing to save, fix the figures, a failure. */
  alert: string | null;
  /** What was saved, for the status line. */
  notice: string | null;
  confirmation: string | null;
  /** The step-up's refusal, under the confirmation field. */
  confirmError: string | null;
}

export type RateCardEvent =
  | { type: 'RETRY' }
  | { type: 'EDIT'; name: string; value: string }
  | { type: 'DISCARD' }
  | { type: 'ADD'; list: RateCardList }
  | { type: 'REMOVE'; list: RateCardList; index: number }
  | { type: 'TOGGLE_DAY'; index: number; day: number }
  | { type: 'SAVE' }
  | { type: 'CONFIRM'; confirmation: string }
  | { type: 'CANCEL' }
  | { type: 'RELOAD' };

export interface RateCardSaveInput {
  card: RateCardBody;
  baseVersion: number;
  confirmation: string;
}

const bodyOf = (card: RateCard): RateCardBody => {
  const { version: _version, ...body } = card;
  return body;
};

const loaded = (data: OpsRateCard) => ({ data, draft: draftOf(bodyOf(data.current.card)), errors: [], alert: null, confirmation: null, confirmError: null });

export const rateCardMachine = setup({
  types: {
    context: {} as RateCardContext,
    events: {} as RateCardEvent,
    input: {} as RateCardInput,
  },
  actors: {
    load: fromPromise<OpsRateCard>(async () => {
      throw new Error('load not provided');
    }),
    save: fromPromise<OpsRateCard, RateCardSaveInput>(async () => {
      throw new Error('save not provided');
    }),
  },
  guards: {
    canEdit: ({ context }) => context.canEdit,
    refused: ({ context }) => cardOfDraft(bodyOf(context.data!.current.card), context.draft).errors.length > 0,
    unchanged: ({ context }) => !draftChanged(bodyOf(context.data!.current.card), context.draft),
    canAdd: ({ context, event }) => context.canEdit && event.type === 'ADD' && canAdd(context.draft, event.list),
    canRemove: ({ context, event }) => context.canEdit && event.type === 'REMOVE' && canRemove(context.draft, event.list, event.index),
    canToggle: ({ context, event }) => context.canEdit && event.type === 'TOGGLE_DAY' && `lagos.rushHours.windows[${event.index}].days` in context.draft,
    confirmationRefused: ({ event }) => {
      const error = (event as unknown as { error?: unknown }).error;
      return error instanceof SubmitError && error.fieldError.field === 'confirmation';
    },
    savedMeanwhile: ({ event }) => {
      const error = (event as unknown as { error?: unknown }).error;
      return error instanceof SubmitError && error.fieldError.message === m.conflict;
    },
  },
}).createMachine({
  id: 'rateCard',
  context: ({ input }) => ({ canEdit: input.canEdit, data: null, draft: {}, errors: [], alert: null, notice: null, confirmation: null, confirmError: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'ready', actions: assign(({ event }) => loaded(event.output)) },
        onError: { target: 'failed' },
      },
    },
    failed: {
      on: { RETRY: 'loading' },
    },
    ready: {
      on: {
        EDIT: {
          guard: 'canEdit',
          actions: assign(({ context, event }) => ({
            draft: { ...context.draft, [event.name]: event.value },
            // A figure being fixed loses its message; the others keep theirs until the next save.
            errors: context.errors.filter((e) => e.field !== event.name),
            alert: null,
            notice: null,
          })),
        },
        ADD: {
          guard: 'canAdd',
          actions: assign(({ context, event }) => ({ draft: addToDraft(context.draft, event.list), alert: null, notice: null })),
        },
        REMOVE: {
          guard: 'canRemove',
          actions: assign(({ context, event }) => {
            const draft = removeFromDraft(context.draft, event.list, event.index);
            // The later items move up, and their messages with them; the removed item's go (and
            // the "up to" of a band that is now the open last one).
            const errors = context.errors.flatMap((e) => {
              const field = renumberedField(e.field, event.list, event.index);
              return field === null || (isListField(field) && !(field in draft)) ? [] : [{ ...e, field }];
            });
            return { draft, errors, alert: null, notice: null };
          }),
        },
        TOGGLE_DAY: {
          guard: 'canToggle',
          actions: assign(({ context, event }) => ({
            draft: toggleDayInDraft(context.draft, event.index, event.day),
            errors: context.errors.filter((e) => e.field !== `lagos.rushHours.windows[${event.index}].days`),
            alert: null,
            notice: null,
          })),
        },
        DISCARD: {
          guard: 'canEdit',
          actions: assign(({ context }) => ({ draft: draftOf(bodyOf(context.data!.current.card)), errors: [], alert: null })),
        },
        SAVE: [
          { guard: 'unchanged', actions: assign({ alert: m.unchanged, notice: null }) },
          {
            guard: 'refused',
            actions: assign(({ context }) => ({ errors: cardOfDraft(bodyOf(context.data!.current.card), context.draft).errors, alert: m.fixErrors, notice: null })),
          },
          { guard: 'canEdit', target: 'confirming', actions: assign({ errors: [], alert: null, notice: null, confirmError: null }) },
        ],
      },
    },
    confirming: {
      on: {
        CONFIRM: {
          target: 'saving',
          actions: assign(({ event }) => {
            assertEvent(event, 'CONFIRM');
            return { confirmation: event.confirmation, confirmError: null };
          }),
        },
        CANCEL: { target: 'ready', actions: assign({ confirmation: null, confirmError: null }) },
      },
    },
    saving: {
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({
          card: cardOfDraft(bodyOf(context.data!.current.card), context.draft).card,
          baseVersion: context.data!.current.version,
          confirmation: context.confirmation ?? '',
        }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...loaded(event.output), notice: m.saved(event.output.current.version) })) },
        onError: [
          { guard: 'confirmationRefused', target: 'confirming', actions: assign(({ event }) => ({ confirmError: fieldErrorOf(event.error).message, confirmation: null })) },
          { guard: 'savedMeanwhile', target: 'conflict', actions: assign({ confirmation: null }) },
          {
            target: 'ready',
            actions: assign(({ event }) => {
              const error = fieldErrorOf(event.error);
              return error.field === 'alert' ? { alert: error.message, confirmation: null } : { errors: [error], alert: m.fixErrors, confirmation: null };
            }),
          },
        ],
      },
    },
    conflict: {
      on: { RELOAD: 'loading' },
    },
  },
});

export type RateCardViewState = 'loading' | 'failed' | 'ready' | 'confirming' | 'saving' | 'conflict';
export const rateCardViewStates: readonly RateCardViewState[] = ['loading', 'failed', 'ready', 'confirming', 'saving', 'conflict'];

export interface RateCardPreviewRow {
  label: string;
  currentKobo: number | null;
  draftKobo: number | null;
}

export interface RateCardView {
  state: RateCardViewState;
  canEdit: boolean;
  data: OpsRateCard | null;
  draft: RateCardDraft;
  errors: Record<string, string>;
  alert: string | null;
  notice: string | null;
  confirmError: string | null;
  /** Whether the draft differs from the card in force. */
  changed: boolean;
  /** The form's fields, for the draft's bands and windows. */
  fields: RateCardField[];
  /** Whether "Add a band" / "Add a window" may be pressed (the rules' counts). */
  canAdd: Record<RateCardList, boolean>;
  /** Whether a band's "Remove" may be pressed (a card keeps one band). */
  canRemoveBand: boolean;
  /** Sample trips priced now and with the draft (null while the draft is refused). */
  preview: RateCardPreviewRow[];
}

interface RateCardSnapshotLike {
  value: unknown;
  context: RateCardContext;
}

export function rateCardView(snapshot: RateCardSnapshotLike): RateCardView {
  const { context } = snapshot;
  const base = context.data ? bodyOf(context.data.current.card) : null;
  let preview: RateCardPreviewRow[] = [];
  let changed = false;
  let fields: RateCardField[] = [];
  if (base) {
    fields = rateCardFields(shapeOf(base, context.draft));
    const drafted = cardOfDraft(base, context.draft);
    const now = priceSamples(base);
    const next = drafted.errors.length === 0 ? priceSamples(drafted.card) : null;
    preview = now.map((sample, i) => ({ label: sample.label, currentKobo: sample.priceKobo, draftKobo: next ? (next[i]!.priceKobo ?? null) : null }));
    changed = draftChanged(base, context.draft);
  }
  return {
    state: snapshot.value as RateCardViewState,
    canEdit: context.canEdit,
    data: context.data,
    draft: context.draft,
    errors: Object.fromEntries(context.errors.map((e) => [e.field, e.message])),
    alert: context.alert,
    notice: context.notice,
    confirmError: context.confirmError,
    changed,
    preview,
    fields,
    canAdd: { bands: canAdd(context.draft, 'bands'), windows: canAdd(context.draft, 'windows') },
    canRemoveBand: canRemove(context.draft, 'bands', 0),
  };
}
