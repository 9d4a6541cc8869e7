const DAY_MS = 86_400_000;

/** Terms are whole days of 24 hours from the moment they start, so an expiry is exact to the second. */
export function addDays(start: Date, days: number): Date {
  return new Date(start.getTime() + days * DAY_MS);
}
