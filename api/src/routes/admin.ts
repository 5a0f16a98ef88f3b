import { type Request, type RequestHandler, Router } from 'express';
import {
  adminAdjustCreditsCall,
  adminAuditCall,
  adminBanUserCall,
  adminDeleteMediaCall,
  adminDeleteUserCall,
  adminMediaCall,
  adminRunTimelineCall,
  adminUpdateSettingsCall,
  adminUsersCall,
  adminVerifyCall,
} from '@app/shared/api/admin';
import { adminGetReportsCall, adminResolveReportCall } from '@app/shared/api/reports';
import { parseInput } from '../http/validation';
import type { AdminActor, AdminService } from '../services/admin.service';
import type { RunTimelineService } from '../services/run-timeline.service';
import { type DiagnosisService, toSystemConfig } from '../services/diagnosis/diagnosis.service';

const actorOf = (req: Request): AdminActor => ({ ip: req.ip ?? null });
/** DELETE calls carry their fields in a JSON body (spec 3 §7); a query string is read too. */
const deleteInput = (req: Request): unknown => (req.body && Object.keys(req.body as object).length > 0 ? req.body : req.query);

/**
 * The admin calls (spec 3 §7) and the operator's settings and audit log. `verify` checks a
 * secret sent in the body; `requireAdmin` checks the X-Admin-Secret header of every other call.
 */
export function adminRoutes(admin: AdminService, timelines: RunTimelineService, diagnosis: DiagnosisService, verify: RequestHandler, requireAdmin: RequestHandler): Router {
  const router = Router();

  router.post(`/${adminVerifyCall.name}`, verify, async (req, res) => {
    await admin.recordVerify(actorOf(req), true);
    res.json({ success: true });
  });

  router.get('/admin-config', requireAdmin, async (_req, res) => {
    const [stats, debugInfo] = await Promise.all([admin.stats(), diagnosis.diagnose()]);
    res.json({ success: true, stats, debugInfo, systemConfig: toSystemConfig(debugInfo) });
  });

  router.get(`/${adminUsersCall.name}`, requireAdmin, async (req, res) => {
    const query = parseInput(adminUsersCall.request, req.query);
    const { users, total } = await admin.users(query);
    res.json({ success: true, users, total, limit: query.limit, offset: query.offset });
  });
  router.post(`/${adminAdjustCreditsCall.name}`, requireAdmin, async (req, res) => {
    const { userId, adjustment } = parseInput(adminAdjustCreditsCall.request, req.body);
    res.json({ success: true, userId, credits: await admin.adjustCredits(actorOf(req), userId, adjustment) });
  });
  router.post(`/${adminBanUserCall.name}`, requireAdmin, async (req, res) => {
    const { userId, banned } = parseInput(adminBanUserCall.request, req.body);
    res.json({ success: true, userId, banned: await admin.setBanned(actorOf(req), userId, banned) });
  });
  router.delete(`/${adminDeleteUserCall.name}`, requireAdmin, async (req, res) => {
    const { userId } = parseInput(adminDeleteUserCall.request, deleteInput(req));
    await admin.deleteUser(actorOf(req), userId);
    res.json({ success: true });
  });

  router.get(`/${adminMediaCall.name}`, requireAdmin, async (req, res) => {
    const query = parseInput(adminMediaCall.request, req.query);
    res.json({ success: true, media: await admin.media(query), limit: query.limit, offset: query.offset });
  });
  router.delete(`/${adminDeleteMediaCall.name}`, requireAdmin, async (req, res) => {
    const { id, type } = parseInput(adminDeleteMediaCall.request, deleteInput(req));
    await admin.deleteMedia(actorOf(req), id, type);
    res.json({ success: true });
  });

  router.get(`/${adminRunTimelineCall.name}`, requireAdmin, async (req, res) => {
    const { runId } = parseInput(adminRunTimelineCall.request, req.query);
    res.json({ success: true, ...(await timelines.timeline(runId)) });
  });

  router.get(`/${adminGetReportsCall.name}`, requireAdmin, async (req, res) => {
    const { limit } = parseInput(adminGetReportsCall.request, req.query);
    res.json({ success: true, entries: await admin.reports(limit) });
  });
  router.post(`/${adminResolveReportCall.name}`, requireAdmin, async (req, res) => {
    res.json(await admin.resolveReport(actorOf(req), parseInput(adminResolveReportCall.request, req.body ?? {})));
  });

  router.get('/admin-settings', requireAdmin, async (_req, res) => {
    res.json({ success: true, settings: await admin.settings() });
  });
  router.post(`/${adminUpdateSettingsCall.name}`, requireAdmin, async (req, res) => {
    const changes = parseInput(adminUpdateSettingsCall.request, req.body);
    res.json({ success: true, settings: await admin.updateSettings(actorOf(req), changes) });
  });
  router.get(`/${adminAuditCall.name}`, requireAdmin, async (req, res) => {
    const { limit } = parseInput(adminAuditCall.request, req.query);
    res.json({ success: true, entries: await admin.auditLog(limit) });
  });

  return router;
}
