/**
 * The rate card as the console's form shows it: one text field per figure, named by the
 * card's path (the name a refusal comes back under), money in naira. `cardOfDraft` converts
 * the form to kobo once and runs the shared rules; the server runs the same rules on what it is
 * sent. The list of fields follows the card's shape: the draft itself says how many distance bands
 * and rush-hour windows there are (staff add and remove them), and a window's days are a field
 * ("1,2,3,4,5"); what the form does not show (the hub) is kept from the card being edited.
 * The same fields give the audit log its words: "Lagos same-day · Base fare (₦)": ₦1,000 → ₦1,200.
 */
import type { FieldError } from '../api';
import { findLagosArea, roadTenthsOfKm } from './areas';
import { formatNaira } from './messages';
import { priceInternational, priceLagosTrip } from './price';
import { COUNTRIES, PARCEL_SIZES, type RateCard } from './rateCard';
import { rateCardMessages as m } from './rateCardMessages';
import { MAX_BANDS, MAX_WINDOWS, rateCardErrors } from './rateCardRules';

/** How a field's text becomes the card's value. */
export type RateCardFieldKind = 'naira' | 'number' | 'integer' | 'percent' | 'time' | 'days';

export interface RateCardField {
  /** The card's path, e.g. 'lagos.distanceBands[0].rateKobo'. */
  name: string;
  label: string;
  kind: RateCardFieldKind;
  /** The group's heading, for the form's fieldsets. */
  group: string;
  /** The distance band or rush-hour window the field belongs to (the form's Remove button). */
  item?: { list: RateCardList; index: number };
}

/** The parts of the card staff add to and remove from. */
export type RateCardList = 'bands' | 'windows';

export type RateCardDraft = Record<string, string>;

/** The card without its version: what is saved (the server numbers it). */
export type RateCardBody = Omit<RateCard, 'version'>;

const daysText = (days: readonly number[]) => days.map((d) => m.dayShort[d] ?? '?').join(', ');

/** Every field of the form for a card of this shape, in the order shown. */
export function rateCardFields(card: RateCardBody): RateCardField[] {
  const fields: RateCardField[] = [];
  const add = (group: string, name: string, label: string, kind: RateCardFieldKind, item?: RateCardField['item']) =>
    fields.push(item ? { group, name, label, kind, item } : { group, name, label, kind });
  const f = m.fields;
  const g = m.groups;
  add(g.lagos, 'lagos.baseFareKobo', f.baseFare, 'naira');
  add(g.lagos, 'lagos.roadFactor', f.roadFactor, 'number');
  add(g.lagos, 'lagos.crossingKobo', f.crossing, 'naira');
  add(g.lagos, 'lagos.minimumKobo', f.minimum, 'naira');
  add(g.lagos, 'lagos.roundToKobo', f.roundTo, 'naira');
  card.lagos.distanceBands.forEach((band, i) => {
    const item = { list: 'bands', index: i } as const;
    if (band.upTo !== null || i < card.lagos.distanceBands.length - 1) add(g.distance, `lagos.distanceBands[${i}].upTo`, f.bandUpTo(i + 1, 'km'), 'number', item);
    const last = i === card.lagos.distanceBands.length - 1;
    add(g.distance, `lagos.distanceBands[${i}].rateKobo`, last ? f.lastBandRate(i + 1, 'km') : f.bandRate(i + 1, 'km'), 'naira', item);
  });
  for (const size of PARCEL_SIZES) {
    const label = m.sizes[size];
    add(g.sizes, `lagos.sizes.${size}.surchargeKobo`, f.sizeSurcharge(label), 'naira');
    add(g.sizes, `lagos.sizes.${size}.maxWeightKg`, f.sizeWeight(label), 'number');
    add(g.sizes, `lagos.sizes.${size}.maxSideCm`, f.sizeSide(label), 'number');
  }
  add(g.rush, 'lagos.rushHours.surchargeKobo', f.rushSurcharge, 'naira');
  card.lagos.rushHours.windows.forEach((_w, i) => {
    const item = { list: 'windows', index: i } as const;
    add(g.rush, `lagos.rushHours.windows[${i}].from`, f.windowFrom(i + 1), 'time', item);
    add(g.rush, `lagos.rushHours.windows[${i}].to`, f.windowTo(i + 1), 'time', item);
    add(g.rush, `lagos.rushHours.windows[${i}].days`, f.windowDays(i + 1), 'days', item);
  });
  m.days.forEach((day, i) => {
    add(g.opening, `lagos.openingHours[${i}].open`, f.open(day), 'time');
    add(g.opening, `lagos.openingHours[${i}].close`, f.close(day), 'time');
  });
  add(g.payment, 'lagos.cashOnDelivery.basisPoints', f.codPercent, 'percent');
  add(g.payment, 'lagos.cashOnDelivery.minimumKobo', f.codMinimum, 'naira');
  add(g.payment, 'lagos.riderShareBasisPoints', f.riderShare, 'percent');
  add(g.international, 'international.volumetricDivisor', f.volumetricDivisor, 'integer');
  add(g.international, 'international.limits.maxWeightKg', f.maxWeight, 'number');
  add(g.international, 'international.limits.maxSideCm', f.maxSide, 'number');
  add(g.international, 'international.limits.maxChargeableKg', f.maxChargeable, 'number');
  for (const country of COUNTRIES) {
    const group = g.destination(m.countries[country]);
    const bands = card.international.destinations[country].weightBands;
    bands.forEach((band, i) => {
      if (i < bands.length - 1) add(group, `international.destinations.${country}.weightBands[${i}].upTo`, f.bandUpTo(i + 1, 'kg'), 'number');
      add(group, `international.destinations.${country}.weightBands[${i}].rateKobo`, i === bands.length - 1 ? f.lastBandRate(i + 1, 'kg') : f.bandRate(i + 1, 'kg'), 'naira');
    });
    add(group, `international.destinations.${country}.minimumKobo`, f.destinationMinimum, 'naira');
  }
  return fields;
}

/** 'a.b[1].c' → ['a', 'b', 1, 'c']. */
const stepsOf = (path: string): (string | number)[] => path.split(/[.[\]]+/).filter((s) => s !== '').map((s) => (/^\d+$/.test(s) ? Number(s) : s));

function read(card: unknown, path: string): unknown {
  let at: unknown = card;
  for (const step of stepsOf(path)) at = at === null || at === undefined ? undefined : (at as Record<string | number, unknown>)[step];
  return at;
}

function write(card: unknown, path: string, value: unknown): void {
  const steps = stepsOf(path);
  let at = card as Record<string | number, unknown>;
  for (const step of steps.slice(0, -1)) at = at[step] as Record<string | number, unknown>;
  at[steps.at(-1)!] = value;
}

/** A kobo amount as the form shows it: "1500", "150.50". */
const nairaText = (kobo: number) => (kobo % 100 === 0 ? String(kobo / 100) : (kobo / 100).toFixed(2));
/** Basis points as a percentage: 200 → "2", 7550 → "75.5". */
const percentText = (bp: number) => String(bp / 100);

/** A window's days as the draft keeps them: "1,2,3,4,5" (0 = Sunday), sorted. */
const daysOfText = {
  write: (days: readonly number[]) => [...days].sort((a, b) => a - b).join(','),
  read: (text: string): number[] => (text.trim() === '' ? [] : text.split(',').map((d) => (/^\d$/.test(d.trim()) ? Number(d.trim()) : Number.NaN))),
};

/** The form's text for each field of the card. */
export function draftOf(card: RateCardBody): RateCardDraft {
  const draft: RateCardDraft = {};
  for (const field of rateCardFields(card)) {
    const value = read(card, field.name);
    if (value === undefined || value === null) draft[field.name] = '';
    else if (field.kind === 'naira') draft[field.name] = nairaText(value as number);
    else if (field.kind === 'percent') draft[field.name] = percentText(value as number);
    else if (field.kind === 'days') draft[field.name] = daysOfText.write(value as readonly number[]);
    else draft[field.name] = String(value);
  }
  return draft;
}

const NUMBER = /^\d+(\.\d+)?$/;

/** Naira as typed ("1,500", "₦1500", "150.50") → kobo, or null when it is not an amount. */
export function nairaToKobo(text: string): number | null {
  const cleaned = text.trim().replace(/^₦/, '').replace(/,/g, '');
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A percentage as typed ("2", "2.5") → basis points, or null. */
function percentToBasisPoints(text: string): number | null {
  const cleaned = text.trim().replace(/%$/, '');
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/**
 * The card the form describes, built on `base` (for what the form does not show), and every
 * refusal under its field: first the figures that are not numbers or times, then the shared
 * rules on the card in kobo.
 */
export function cardOfDraft(base: RateCardBody, draft: RateCardDraft): { card: RateCardBody; errors: FieldError[] } {
  const card = shapeOf(base, draft);
  const errors: FieldError[] = [];
  const text = (name: string) => (draft[name] ?? '').trim();
  const fields = rateCardFields(card);
  for (const field of fields) {
    if (field.kind === 'time' || field.kind === 'days') continue;
    const raw = text(field.name);
    let value: number | null;
    if (field.kind === 'naira') value = nairaToKobo(raw);
    else if (field.kind === 'percent') value = percentToBasisPoints(raw);
    else value = NUMBER.test(raw) && raw.length <= 12 ? Number(raw) : null;
    if (value === null) {
      errors.push({ field: field.name, message: field.kind === 'naira' ? m.enterAmount : m.enterNumber });
      continue;
    }
    if (field.kind === 'integer' && !Number.isInteger(value)) {
      errors.push({ field: field.name, message: m.wholeNumber });
      continue;
    }
    write(card, field.name, value);
  }
  card.lagos.rushHours.windows.forEach((_w, i) => {
    for (const end of ['from', 'to'] as const) write(card, `lagos.rushHours.windows[${i}].${end}`, text(`lagos.rushHours.windows[${i}].${end}`));
    write(card, `lagos.rushHours.windows[${i}].days`, daysOfText.read(text(`lagos.rushHours.windows[${i}].days`)));
  });
  // A day with both times empty is closed; one time alone is a slip.
  const hours = m.days.map((_day, i) => {
    const open = text(`lagos.openingHours[${i}].open`);
    const close = text(`lagos.openingHours[${i}].close`);
    if (open === '' && close === '') return null;
    if (open === '' || close === '') errors.push({ field: `lagos.openingHours[${i}].${open === '' ? 'open' : 'close'}`, message: m.enterBoth });
    return { open, close } as { open: `${number}:${number}`; close: `${number}:${number}` };
  });
  (card.lagos as { openingHours: unknown }).openingHours = hours;
  const named = new Set(errors.map((e) => e.field));
  for (const error of rateCardErrors(card)) if (!named.has(error.field)) errors.push(error);
  return { card, errors };
}

const BAND = /^lagos\.distanceBands\[(\d+)\]\.rateKobo$/;
const WINDOW = /^lagos\.rushHours\.windows\[(\d+)\]\.from$/;
const LIST_PREFIX: Record<RateCardList, string> = { bands: 'lagos.distanceBands[', windows: 'lagos.rushHours.windows[' };

/** How many distance bands and rush-hour windows the draft has. */
export function draftCounts(draft: RateCardDraft): Record<RateCardList, number> {
  let bands = 0;
  let windows = 0;
  for (const name of Object.keys(draft)) {
    const band = BAND.exec(name);
    if (band) bands = Math.max(bands, Number(band[1]) + 1);
    const window = WINDOW.exec(name);
    if (window) windows = Math.max(windows, Number(window[1]) + 1);
  }
  return { bands, windows };
}

/**
 * A copy of `base` with as many distance bands and rush-hour windows as the draft has: the
 * shape the form's fields follow. The figures are placeholders the draft's text replaces; only
 * the last band is open (no "up to").
 */
export function shapeOf(base: RateCardBody, draft: RateCardDraft): RateCardBody {
  const card = JSON.parse(JSON.stringify({ ...base, version: undefined })) as RateCardBody;
  const { bands, windows } = draftCounts(draft);
  const lagos = card.lagos as unknown as { distanceBands: { upTo: number | null; rateKobo: number }[]; rushHours: { windows: { from: string; to: string; days: number[] }[] } };
  lagos.distanceBands = Array.from({ length: bands }, (_, i) => ({ upTo: i < bands - 1 ? 0 : null, rateKobo: 0 }));
  lagos.rushHours.windows = Array.from({ length: windows }, () => ({ from: '', to: '', days: [] }));
  return card;
}

/** What may be added now: fewer than the rules allow. */
export const canAdd = (draft: RateCardDraft, list: RateCardList): boolean => draftCounts(draft)[list] < (list === 'bands' ? MAX_BANDS : MAX_WINDOWS);
/** What may be removed now: a card keeps at least one distance band; windows may all go. */
export const canRemove = (draft: RateCardDraft, list: RateCardList, index: number): boolean =>
  index >= 0 && index < draftCounts(draft)[list] && (list === 'windows' || draftCounts(draft).bands > 1);

const WEEKDAYS_TEXT = '1,2,3,4,5';

/**
 * The draft with one more band or window at the end. A new band is the open one beyond the
 * others, at the last band's rate; the band before it now needs an upper end, left for staff to
 * type. A new window runs Monday to Friday, its times left to type.
 */
export function addToDraft(draft: RateCardDraft, list: RateCardList): RateCardDraft {
  if (!canAdd(draft, list)) return draft;
  const n = draftCounts(draft)[list];
  if (list === 'bands') {
    return {
      ...draft,
      [`lagos.distanceBands[${n - 1}].upTo`]: draft[`lagos.distanceBands[${n - 1}].upTo`] ?? '',
      [`lagos.distanceBands[${n}].rateKobo`]: draft[`lagos.distanceBands[${n - 1}].rateKobo`] ?? '',
    };
  }
  const path = `lagos.rushHours.windows[${n}]`;
  return { ...draft, [`${path}.from`]: '', [`${path}.to`]: '', [`${path}.days`]: WEEKDAYS_TEXT };
}

/** Renumbers a field of `list` after item `index` went; null for the removed item's own fields. */
function renumbered(name: string, list: RateCardList, index: number): string | null {
  const prefix = LIST_PREFIX[list];
  if (!name.startsWith(prefix)) return name;
  const at = Number(name.slice(prefix.length, name.indexOf(']', prefix.length)));
  if (at < index) return name;
  if (at === index) return null;
  return `${prefix}${at - 1}${name.slice(name.indexOf(']', prefix.length))}`;
}

/** The draft without band or window `index`, the later ones moved up; the last band is open again. */
export function removeFromDraft(draft: RateCardDraft, list: RateCardList, index: number): RateCardDraft {
  if (!canRemove(draft, list, index)) return draft;
  const next: RateCardDraft = {};
  for (const [name, value] of Object.entries(draft)) {
    const moved = renumbered(name, list, index);
    if (moved !== null) next[moved] = value;
  }
  if (list === 'bands') delete next[`lagos.distanceBands[${draftCounts(next).bands - 1}].upTo`];
  return next;
}

/** A refusal's field after item `index` of `list` went (null when it was under the removed item). */
export const renumberedField = renumbered;

/** Whether `name` is a field of a distance band or a rush-hour window. */
export const isListField = (name: string): boolean => Object.values(LIST_PREFIX).some((prefix) => name.startsWith(prefix));

/** The draft with `day` (0 = Sunday) of window `index` switched on or off. */
export function toggleDayInDraft(draft: RateCardDraft, index: number, day: number): RateCardDraft {
  const name = `lagos.rushHours.windows[${index}].days`;
  if (!(name in draft) || !Number.isInteger(day) || day < 0 || day > 6) return draft;
  const days = new Set(daysOfText.read(draft[name]!));
  if (days.has(day)) days.delete(day);
  else days.add(day);
  return { ...draft, [name]: daysOfText.write([...days]) };
}

/** The days of window `index` the draft has on. */
export const draftDays = (draft: RateCardDraft, index: number): number[] => daysOfText.read(draft[`lagos.rushHours.windows[${index}].days`] ?? '');

/** The fields whose text differs between two drafts (the form's "changed" test). */
export const changedFields = (a: RateCardDraft, b: RateCardDraft): string[] =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((name) => (a[name] ?? '') !== (b[name] ?? ''));

/** Whether the draft differs from the card `base` in a figure or in its bands and windows (the form's "changed" test). */
export function draftChanged(base: RateCardBody, draft: RateCardDraft): boolean {
  const was = draftOf(base);
  const a = draftCounts(was);
  const b = draftCounts(draft);
  return a.bands !== b.bands || a.windows !== b.windows || changedFields(was, draft).length > 0;
}

function wordsOf(card: RateCardBody): Record<string, string> {
  const draft = draftOf(card);
  const words: Record<string, string> = {};
  for (const field of rateCardFields(card)) {
    const raw = draft[field.name] ?? '';
    const key = `${field.group} · ${field.label}`;
    if (field.kind === 'naira') words[key] = formatNaira(read(card, field.name) as number);
    else if (field.kind === 'percent') words[key] = `${raw}%`;
    else if (field.kind === 'time') words[key] = raw === '' ? m.audit.closed : raw;
    else if (field.kind === 'days') words[key] = daysText(read(card, field.name) as number[]);
    else words[key] = raw;
  }
  return words;
}

/**
 * The audit log's entry for a saved version, in words: the version and each figure that changed,
 * before and after, labelled as the form labels it ("Lagos same-day · Base fare (₦)": "₦1,000").
 */
export function describeRateCardChange(before: RateCard, after: RateCard): { before: Record<string, string>; after: Record<string, string> } {
  const was = wordsOf(before);
  const now = wordsOf(after);
  const out = { before: { [m.audit.version]: String(before.version) }, after: { [m.audit.version]: String(after.version) } } as {
    before: Record<string, string>;
    after: Record<string, string>;
  };
  for (const key of new Set([...Object.keys(was), ...Object.keys(now)])) {
    if (was[key] === now[key]) continue;
    if (key in was) out.before[key] = was[key]!;
    if (key in now) out.after[key] = now[key]!;
  }
  return out;
}

/** Wednesday 7 January 2026, 12:00 in Lagos. */
const SAMPLE_NOW = Date.UTC(2026, 0, 7, 11);

export interface SamplePrice {
  label: string;
  /** Null when the card cannot price it (the draft has errors). */
  priceKobo: number | null;
}

/** A few sample trips, priced with `card` by the shared price function (the preview's table). */
export function priceSamples(card: RateCardBody): SamplePrice[] {
  const full = { ...card, version: 0 } as RateCard;
  const lagos = (label: string, from: string, to: string, size: 'small' | 'medium' | 'large', rushHour: boolean, payment: 'cash_on_pickup' | 'cash_on_delivery') => {
    const a = findLagosArea(from)!;
    const b = findLagosArea(to)!;
    const trip = { tenthsOfKm: roadTenthsOfKm(a, b, card.lagos.roadFactor), fromSide: a.side, toSide: b.side, size, rushHour, payment };
    return { label, priceKobo: priceLagosTrip(trip, full).price_kobo };
  };
  const s = m.samples;
  // Priced as at a fixed weekday noon, off-peak, so the preview does not change with the clock.
  const uk = priceInternational(
    { pickupArea: 'Yaba', country: 'GB', city: 'London', weight_kg: 3, length_cm: 30, width_cm: 20, height_cm: 10 },
    full,
    { now: SAMPLE_NOW },
  );
  return [
    lagos(s.ikejaLekki, 'Ikeja', 'Lekki', 'medium', false, 'cash_on_delivery'),
    lagos(s.yabaSurulere, 'Yaba', 'Surulere', 'small', false, 'cash_on_pickup'),
    lagos(s.ikejaVi, 'Ikeja', 'Victoria Island', 'large', true, 'cash_on_pickup'),
    { label: s.uk, priceKobo: uk.ok ? uk.quote.price_kobo : null },
  ];
}

/** GET /api/ops/rate-card: the card in force, who saved it and when, and every version. */
export interface OpsRateCardVersion {
  version: number;
  /** The address of who saved it; null for the shipped version 1. */
  savedBy: string | null;
  /** ISO time. */
  savedAt: string;
}

export interface OpsRateCard {
  current: OpsRateCardVersion & { card: RateCard };
  /** Every version, newest first (the current one first). */
  versions: OpsRateCardVersion[];
}

/** POST /api/ops/rate-card's body: the card in kobo, the version it was edited from, the step-up. */
export interface OpsRateCardSave {
  card: RateCardBody;
  baseVersion: number;
  confirmation: string;
}
