import { addDays } from "~/utils/calendar-month";

/** Saturday or Sunday (the day is a calendar day, read in UTC). */
export function isWeekend(day: string) {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}

/** The day itself when it is a working day, else the Monday after. */
export function nextWorkingDay(day: string) {
  let current = day;
  while (isWeekend(current)) current = addDays(current, 1);
  return current;
}

/** The last of `count` working days starting on `start` (itself counted when it is one). */
export function workingDaysFrom(start: string, count: number) {
  let current = nextWorkingDay(start);
  for (let done = 1; done < count; done++) current = nextWorkingDay(addDays(current, 1));
  return current;
}
