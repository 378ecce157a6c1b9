/** A response target as the settings page shows it: whole hours where it is, minutes otherwise. */
export function targetInUnits(minutes: number): { amount: number; unit: 'hours' | 'minutes' } {
  return minutes % 60 === 0
    ? { amount: minutes / 60, unit: 'hours' }
    : { amount: minutes, unit: 'minutes' };
}

/** A posted amount and unit as minutes, or null when they are not a whole positive number. */
export function targetMinutes(amount: unknown, unit: unknown): number | null {
  if (typeof amount !== 'string' || !/^\d{1,6}$/.test(amount.trim())) return null;
  const value = Number(amount.trim());
  if (unit === 'hours') return value * 60;
  return unit === 'minutes' ? value : null;
}
