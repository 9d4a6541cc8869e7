/**
 * Documented operations the integration suite cannot drive to a checked success answer, each with the reason.
 * Keep it short: an operation belongs here only when its success is not JSON the check can read, or needs
 * something outside this process; where another suite covers it, say which.
 */
export const API_COVERAGE_EXCLUSIONS: Record<string, string> = {};
