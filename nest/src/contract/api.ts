// What every part of the API shares: the failure shape, ids, and the health answer.

/** Every JSON answer of the API carries `success`. */
export interface ApiFailure {
  success: false;
  message: string;
  /** Per-field messages for validation failures (field path -> messages). */
  errors?: Record<string, string[]>;
  /** Correlates the answer with the server's log line. */
  requestId?: string;
  /** A 403 until the admin has enrolled a second factor (ADMIN_MFA=required). */
  mfaSetupRequired?: true;
  /** A 403 until the session checks a factor again (POST /auth/reauth). */
  reauthRequired?: true;
}

// --- ids ------------------------------------------------------------------------------------
/** A MongoDB ObjectId as text: how lead and admin ids travel in bodies, cursors and tokens. */
export const OBJECT_ID_PATTERN = /^[0-9a-fA-F]{24}$/;

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}

export interface HealthResponse {
  success: boolean;
  database: 'up' | 'down';
  /** `full` while the database refuses writes for lack of space (the answer is then a 503). */
  storage: 'ok' | 'full' | 'unknown';
}
