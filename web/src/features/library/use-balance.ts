import { useCredits } from '../../state/credits';

/** What the profile shows when the quota cannot be read (spec 2 §9). */
export const FALLBACK_BALANCE = 14;

/** The credit balance the profile and the gallery show (the app's one reader of getQuota). */
export function useBalance(): number | null {
  const { credits, isError } = useCredits(true);
  return isError ? FALLBACK_BALANCE : credits;
}
