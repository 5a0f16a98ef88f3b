import { getReferralStatsCall, sendReferralInviteCall } from '@app/shared/api/referrals';
import type { CallRequest, CallResponse } from '@app/shared/api/define-call';
import { callApiData } from '../../../api/client';

/** The invite programme's calls (spec 2 §7). */

export interface ReferralStats {
  totalReferrals: number;
  totalCreditsEarned: number;
  referralCode: string | null;
}

export async function getReferralStats(signal?: AbortSignal): Promise<ReferralStats> {
  return (await callApiData(getReferralStatsCall, { signal })).stats;
}

export type InviteRequest = CallRequest<typeof sendReferralInviteCall>;

export function sendReferralInvite(request: InviteRequest): Promise<CallResponse<typeof sendReferralInviteCall>> {
  return callApiData(sendReferralInviteCall, { body: request });
}
