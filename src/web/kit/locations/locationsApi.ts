/**
 * GET /api/locations: the states and their areas, for every screen that offers them. A module of its own so the
 * rider dashboard asks for them without loading the sign-up wizard's machine.
 */
import { isLocationData, type LocationState } from '../../../shared/locations';
import { api } from '../http/client';

export async function loadLocations(): Promise<LocationState[]> {
  const data = await api<unknown>('/locations', { timeout: 15_000 });
  if (!isLocationData(data)) throw new Error('GET /api/locations did not answer a list of states');
  return data;
}
