// Stratum V1 error codes as the common pools use them: [code, message, null] in the answer's error.
export const StratumError = {
  OTHER: 20,
  JOB_NOT_FOUND: 21,
  DUPLICATE: 22,
  LOW_DIFFICULTY: 23,
  UNAUTHORIZED: 24,
  NOT_SUBSCRIBED: 25,
} as const;

export type StratumErrorCode = (typeof StratumError)[keyof typeof StratumError];

export function stratumError(code: StratumErrorCode, message: string): [number, string, null] {
  return [code, message, null];
}
