import type { MiddlewareFunction } from 'react-router';
import { provideActiveGym } from '#app/services/active-gym.server.ts';

/** Root middleware: every request gets its one active gym (services/active-gym.server.ts). */
export const activeGymMiddleware: MiddlewareFunction<Response> = ({ request, context }, next) => {
  provideActiveGym(context, request);
  return next();
};
