/**
 * A HEAD carries the headers its GET would, compression's included (`Content-Encoding`, `Vary:
 * accept-encoding`, no `Content-Length` where GET streams compressed). Fastify answers a HEAD it derives from
 * a GET route by an `onSend` step that drops the body; the compression plugin adds its own `onSend` after it,
 * so it saw no body and left the headers out. Registered after the compression plugin, this moves the
 * body-dropping step last on each such route: the answer is compressed (and its size known) as GET's is,
 * then discarded. HEAD is rare, and never counted; the compression it costs is GET's.
 */
import type { FastifyInstance, onSendHookHandler } from 'fastify';
import fp from 'fastify-plugin';

/** Fastify's own step that sends a derived HEAD route's answer without its body (lib/head-route.js). */
const DROPS_BODY = 'headRouteOnSendHandler';

export const headCompression = fp(async (app: FastifyInstance) => {
  app.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD' || !Array.isArray(route.onSend)) return;
    const steps = route.onSend as onSendHookHandler[];
    const at = steps.findIndex((step) => step.name === DROPS_BODY);
    if (at >= 0 && at < steps.length - 1) route.onSend = [...steps.slice(0, at), ...steps.slice(at + 1), steps[at]!];
  });
}, { name: 'head-compression', dependencies: ['@fastify/compress'] });
