import fp from 'fastify-plugin';
import { routeLabeller } from '../http/route-label.js';

/** Routine requests (health polls, scrapes) logged at debug: at info they were most of the log. */
const ROUTINE = /^\/(api\/health(\/.*)?|metrics)$/;
/**
 * Slower than this, a request is logged at warn whatever the level: production (and the browser
 * tests, at warn) then show which request kept a page waiting, and for how long.
 */
const SLOW_MS = 5000;

/**
 * One log line per request, when it is answered: method, URL, route, status, time and client address. Fastify's own
 * request logging (a line when a request comes in and another when it is answered) is off in
 * app.ts. Health checks, scrapes and the client build's files go to debug; server errors to error.
 */
export default fp(async (app) => {
  const labelOf = routeLabeller(app.config.clientDir);
  app.addHook('onResponse', async (req, reply) => {
    const { route, isStatic } = labelOf(req);
    const line = {
      method: req.method,
      url: req.url,
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      // The client's address (behind a proxy, from X-Forwarded-For when TRUST_PROXY names it): the
      // line an operator looks for when one address misbehaves, and how a deployment proves TRUST_PROXY fits.
      ip: req.ip,
    };
    if (reply.statusCode >= 500) req.log.error(line, 'request answered');
    else if (line.ms > SLOW_MS && !isStatic) req.log.warn(line, 'slow request');
    else if (isStatic || ROUTINE.test(route)) req.log.debug(line, 'request answered');
    else req.log.info(line, 'request answered');
  });
});
