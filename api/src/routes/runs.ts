import { type RequestHandler, Router } from 'express';
import { getCreditLedgerCall } from '@app/shared/api/credits';
import { cancelRunCall, retryRunCall } from '@app/shared/api/runs';
import { currentUser } from '../http/authenticate';
import { parseInput } from '../http/validation';
import type { RunControlService } from '../services/run-control.service';

/**
 * cancel-run, retry-run (202, like unified-generate) and get-credit-ledger. Signed in; `reader`
 * (`authenticate({ require: 'user', apiKey: 'read' })`) also takes an API key with the 'read'
 * scope, for the ledger only.
 */
export function runRoutes(control: RunControlService, signedIn: RequestHandler, reader: RequestHandler): Router {
  const router = Router();

  router.post(`/${cancelRunCall.name}`, signedIn, async (req, res) => {
    const { runId } = parseInput(cancelRunCall.request, req.body ?? {});
    res.json(await control.cancel(currentUser(req), runId));
  });

  router.post(`/${retryRunCall.name}`, signedIn, async (req, res) => {
    const { runId } = parseInput(retryRunCall.request, req.body ?? {});
    res.status(202).json(await control.retry(currentUser(req), runId));
  });

  router.get(`/${getCreditLedgerCall.name}`, reader, async (req, res) => {
    res.json(await control.ledger(currentUser(req), parseInput(getCreditLedgerCall.request, req.query)));
  });

  return router;
}
