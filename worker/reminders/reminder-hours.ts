/**
 * The night, when no reminder goes out unless the person allows it: from 22:00 to 06:59 local time. Plain
 * code, shared by the settings page (which offers only the day's hours) and the settings' schema.
 */
export const quietHours = { from: 22, to: 7 } as const;

export const isQuietHour = (hour: number) => hour >= quietHours.from || hour < quietHours.to;
