import { useQuery } from '@tanstack/react-query';
import { getCreditsUsed } from '../../api/credits';
import { queryKeys } from '../../api/query-keys';

/** The credits the person's runs cost, from the ledger (null while unknown). */
export function useCreditsUsed(): number | null {
  const query = useQuery({ queryKey: queryKeys.creditsUsed(), queryFn: ({ signal }) => getCreditsUsed(signal), retry: false });
  return query.data ?? null;
}
