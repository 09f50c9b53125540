// What managers set for content safety (GET|PUT /course/admin/safety/settings),
// stored as one JSON value; anything missing reads as its default.

export interface SafetySettings {
  /** The caring reply to a student in crisis; '' uses the default naming the national hotline 12356. */
  counsellingText: string;
  /** Check answers as they stream (hold back the tail, cut before a listed word). */
  outputCheck: boolean;
  /** Alert the teachers of the student's classes. */
  alertTeachers: boolean;
  /** Alert the managers with the admin right. */
  alertManagers: boolean;
  /** Also send an SMS notice to these phones (up to five, comma separated; through the SMS module) for each alert; '' for none. */
  alertPhone: string;
  /** A configured chat model used as guard model (Qwen3Guard or Llama Guard replies); '' for none. */
  guardModel: string;
  /** When the guard model cannot be reached: refuse (closed) or let through (open). */
  guardFailClosed: boolean;
  /** Also ask the cloud moderation service the environment configures (Aliyun). */
  cloudModeration: boolean;
  /** When the cloud service cannot be reached: refuse (closed) or let through (open). */
  cloudFailClosed: boolean;
}

export const DEFAULT_SETTINGS: SafetySettings = {
  counsellingText: '',
  outputCheck: true,
  alertTeachers: true,
  alertManagers: true,
  alertPhone: '',
  guardModel: '',
  guardFailClosed: false,
  cloudModeration: false,
  cloudFailClosed: false,
};

export function parseSettings(raw: string | undefined): SafetySettings {
  if (!raw) return { ...DEFAULT_SETTINGS };
  try {
    const stored = JSON.parse(raw) as Partial<SafetySettings>;
    const merged = { ...DEFAULT_SETTINGS };
    for (const key of Object.keys(DEFAULT_SETTINGS) as Array<keyof SafetySettings>) {
      if (typeof stored[key] === typeof DEFAULT_SETTINGS[key]) (merged as Record<string, unknown>)[key] = stored[key];
    }
    return merged;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

/** The phones an alert notice goes to. */
export function alertPhones(settings: SafetySettings): string[] {
  return settings.alertPhone.split(/[\s,，]+/u).filter(Boolean);
}
