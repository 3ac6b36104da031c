/**
 * Lagos time for the rate card's windows: West Africa Time, UTC+1 all year (no daylight saving),
 * so it is computed by adding an hour, the same in every browser and on the server.
 */
import type { ClockTime, OpeningHours, RateCard, TimeWindow } from './rateCard';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** The day of the week (0 = Sunday) and the minute of the day (0-1439) in Lagos. */
export function lagosClock(ms: number): { day: number; minute: number } {
  const shifted = ms + HOUR_MS;
  const dayIndex = Math.floor(shifted / DAY_MS);
  const minute = Math.floor((shifted - dayIndex * DAY_MS) / 60_000);
  // 1 January 1970 was a Thursday (4).
  return { day: (((dayIndex + 4) % 7) + 7) % 7, minute };
}

/** The first instant (UTC ms) of the Lagos day `days` after the one holding `ms`. */
export function startOfLagosDay(ms: number, days = 0): number {
  return (Math.floor((ms + HOUR_MS) / DAY_MS) + days) * DAY_MS - HOUR_MS;
}

export const minutesOf = (clock: ClockTime): number => {
  const [h, m] = clock.split(':');
  return Number(h) * 60 + Number(m);
};

function inWindow(at: { day: number; minute: number }, window: TimeWindow): boolean {
  return window.days.includes(at.day) && at.minute >= minutesOf(window.from) && at.minute < minutesOf(window.to);
}

export function isRushHour(ms: number, card: RateCard): boolean {
  const at = lagosClock(ms);
  return card.lagos.rushHours.windows.some((w) => inWindow(at, w));
}

/** Open at this instant: within the day's hours, the closing time excluded. */
export function isOpen(ms: number, hours: OpeningHours): boolean {
  const at = lagosClock(ms);
  const today = hours[at.day];
  return !!today && at.minute >= minutesOf(today.open) && at.minute < minutesOf(today.close);
}

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Monday to Friday 07:00–20:00, Saturday 08:00–20:00 and Sunday 10:00–18:00". */
export function describeOpeningHours(hours: OpeningHours): string {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const groups: { first: number; last: number; text: string }[] = [];
  for (const day of order) {
    const h = hours[day];
    if (!h) continue;
    const text = `${h.open}–${h.close}`;
    const previous = groups[groups.length - 1];
    if (previous && previous.text === text && order.indexOf(previous.last) === order.indexOf(day) - 1) previous.last = day;
    else groups.push({ first: day, last: day, text });
  }
  const parts = groups.map((g) =>
    g.first === g.last ? `${DAY_NAMES[g.first]} ${g.text}` : `${DAY_NAMES[g.first]} to ${DAY_NAMES[g.last]} ${g.text}`,
  );
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
