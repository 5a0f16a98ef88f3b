import { type RequestHandler, Router } from 'express';
import { reportMediaCall } from '@app/shared/api/reports';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { ReportsService } from '../services/reports.service';

/** report-media: signed in; 202 once the report is in (or was already). */
export function reportRoutes(reports: ReportsService, signedIn: RequestHandler): Router {
  const router = Router();

  router.post(`/${reportMediaCall.name}`, signedIn, async (req, res) => {
    const input = parseInput(reportMediaCall.request, req.body ?? {});
    res.status(202).json(await reports.report(currentUser(req), input));
  });

  return router;
}
