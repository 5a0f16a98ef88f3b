import { type RequestHandler, type Response, Router } from 'express';
import type { z } from 'zod';
import { RUN_EVENTS_KEEPALIVE_SECONDS, RUN_EVENTS_PATH, type runEventsTicketAnswerSchema } from '@app/shared/api/runs';
import { currentUser } from '../http/authenticate';
import type { SentEvent } from '../services/run-events/run-events-hub';
import type { RunEventsService } from '../services/run-events/run-events.service';

/** One event in the text/event-stream format: its queue id when it has one, its type, its JSON. */
export function formatEvent({ id, event }: SentEvent): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** Starts the event-stream answer; `no-transform` keeps compression (and proxies' buffering) off. */
function openStream(res: Response): void {
  if (res.headersSent) return;
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    'X-Accel-Buffering': 'no',
    Connection: 'keep-alive',
  });
  res.flushHeaders();
}

/**
 * GET run-events (the stream of the person's runs) and POST run-events/ticket, signed in. Without
 * a ticket the stream takes `reader` (`authenticate({ require: 'user', apiKey: 'read' })`): a
 * session, or an API key with the 'read' scope (a program sends headers; it needs no ticket).
 */
export function runEventsRoutes(service: RunEventsService, signedIn: RequestHandler, reader: RequestHandler): Router {
  const router = Router();

  router.post(`/${RUN_EVENTS_PATH}/ticket`, signedIn, async (req, res) => {
    const answer: z.output<typeof runEventsTicketAnswerSchema> = { success: true, ...(await service.issueTicket(currentUser(req))) };
    res.json(answer);
  });

  // EventSource cannot send headers: a ticket from the call above stands in for the access token.
  const streamUser: RequestHandler = async (req, res, next) => {
    const { ticket } = req.query;
    if (ticket === undefined) return reader(req, res, next);
    req.user = await service.personOfTicket(typeof ticket === 'string' ? ticket : '');
    next();
  };

  router.get(`/${RUN_EVENTS_PATH}`, streamUser, async (req, res) => {
    const user = currentUser(req);
    // The browser's own reconnect sends the header; a client reconnecting by hand (new ticket) the query.
    const header = req.get('last-event-id');
    const lastEventId = header || (typeof req.query.lastEventId === 'string' ? req.query.lastEventId : undefined);
    const stream: { gone: boolean; keepAlive?: NodeJS.Timeout; close?: () => void } = { gone: false };
    // Registered first: a browser that leaves during the catch-up must not leave a stream behind.
    res.on('close', () => {
      stream.gone = true;
      clearInterval(stream.keepAlive);
      stream.close?.();
    });
    const send = (event: SentEvent) => {
      if (stream.gone) return;
      openStream(res);
      res.write(formatEvent(event));
    };
    stream.close = await service.open({ userId: user.id, send, end: () => res.end() }, lastEventId);
    if (stream.gone) return stream.close();
    openStream(res);
    res.write(': connected\n\n');
    stream.keepAlive = setInterval(() => res.write(': keep-alive\n\n'), RUN_EVENTS_KEEPALIVE_SECONDS * 1000);
  });

  return router;
}
