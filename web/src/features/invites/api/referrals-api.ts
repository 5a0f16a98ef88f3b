import { apiRequest } from '../../../api/client';

/** The invite programme's calls (spec 2 §7). */

export interface ReferralStats {
  totalReferrals: number;
  totalCreditsEarned: number;
  referralCode: string | null;
}

export async function getReferralStats(signal?: AbortSignal): Promise<ReferralStats> {
  const answer = await apiRequest<{ success: true; stats?: Partial<ReferralStats> }>('get-referral-stats', { signal });
  return {
    totalReferrals: Number(answer.stats?.totalReferrals ?? 0) || 0,
    totalCreditsEarned: Number(answer.stats?.totalCreditsEarned ?? 0) || 0,
    referralCode: answer.stats?.referralCode ?? null,
  };
}

export interface InviteRequest {
  referrerEmail: string;
  referrerName: string;
  friendEmail: string;
  referralCode: string;
}

export function sendReferralInvite(request: InviteRequest): Promise<{ success: true; message?: string }> {
  return apiRequest('send-referral-invite', { body: request });
}
