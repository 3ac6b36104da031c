/**
 * Location reference data (spec §3 'Location reference data'): Nigeria's 36 states and the
 * Federal Capital Territory, each with its towns and local government areas. The full list ships
 * with the product in ./nigeria-locations.json (774 LGAs) and is served by GET
 * /api/locations; the browser falls back to a small built-in copy when that call fails.
 *
 * The helpers here are pure and used by the browser (the area select) and by the server (a
 * location is saved only when it names a state of the data and one of that state's areas).
 */
import type { FieldError } from './api';
import { messages } from './messages';

/** A town or a local government area: its name, with the extras the data leaves null. */
export interface LocationPlace {
  name: string;
  location: { latitude: number; longitude: number } | null;
  total_area: number | null;
  population: number | null;
}

export interface LocationState {
  name: string;
  capital: string;
  /** ISO 3166-2:NG subdivision code without the country, e.g. 'LA' for Lagos. */
  state_code: string;
  /** YYYY-MM-DD */
  creation_date: string;
  location: { latitude: number; longitude: number } | null;
  /** km²; null where the data does not say. */
  total_area: number | null;
  population: number | null;
  towns: LocationPlace[];
  lgas: LocationPlace[];
}

/** The longest state or area name accepted in a request. */
export const PLACE_NAME_MAX = 80;

const key = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

export function findState(states: readonly LocationState[], name: string): LocationState | undefined {
  const wanted = key(name);
  return states.find((s) => key(s.name) === wanted);
}

/**
 * What the area select lists for a state: its towns and its LGAs in one list, each name once,
 * in alphabetical order.
 */
export function areaNames(state: LocationState | undefined): string[] {
  if (!state) return [];
  const seen = new Map<string, string>();
  for (const place of [...state.towns, ...state.lgas]) {
    if (!seen.has(key(place.name))) seen.set(key(place.name), place.name.trim());
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, 'en'));
}

/** The state names in the data's order (alphabetical, with the FCT among them). */
export function stateNames(states: readonly LocationState[]): string[] {
  return states.map((s) => s.name);
}

/**
 * Checks a chosen state and town against the data. Returns the canonical spelling of both, or
 * the error to show ('state' for a state not in the list, 'town' for an area not in that state).
 */
export function checkLocation(
  states: readonly LocationState[],
  input: { state: string; town: string },
): { ok: true; state: string; town: string } | { ok: false; error: FieldError } {
  if (input.state.trim() === '') return { ok: false, error: { field: 'state', message: messages.selectState } };
  const state = findState(states, input.state);
  if (!state) return { ok: false, error: { field: 'state', message: messages.unknownState } };
  if (input.town.trim() === '') return { ok: false, error: { field: 'town', message: messages.selectTown } };
  const wanted = key(input.town);
  const town = areaNames(state).find((name) => key(name) === wanted);
  if (!town) return { ok: false, error: { field: 'town', message: messages.unknownTown(state.name) } };
  return { ok: true, state: state.name, town };
}

/** A light check that a value (e.g. a JSON answer) has the shape of the data. */
export function isLocationData(value: unknown): value is LocationState[] {
  return (
    Array.isArray(value) &&
    value.length > 0 &&
    value.every(
      (s) =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as LocationState).name === 'string' &&
        Array.isArray((s as LocationState).towns) &&
        Array.isArray((s as LocationState).lgas),
    )
  );
}
