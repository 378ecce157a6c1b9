import { type LoggerService } from '@nestjs/common';

/**
 * Nest's own start-up lines, one per module wired and per route mapped (about 95 on this API): a
 * map for whoever debugs the wiring, noise on every start for everyone else, in which a first run's
 * useful lines scrolled away. They go to debug level (LOG_LEVEL=debug shows them again).
 */
const WIRING_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer']);

/** The app's logger, with Nest's wiring lines at debug level instead of info. */
export function quietStartUp(logger: LoggerService): LoggerService {
  const wiring = (params: unknown[]) => {
    const context = params.at(-1);
    return typeof context === 'string' && WIRING_CONTEXTS.has(context);
  };
  return {
    log: (message: unknown, ...params: unknown[]) =>
      wiring(params) && logger.debug
        ? logger.debug(message, ...params)
        : logger.log(message, ...params),
    error: (message: unknown, ...params: unknown[]) => logger.error(message, ...params),
    warn: (message: unknown, ...params: unknown[]) => logger.warn(message, ...params),
    debug: (message: unknown, ...params: unknown[]) => logger.debug?.(message, ...params),
    verbose: (message: unknown, ...params: unknown[]) => logger.verbose?.(message, ...params),
    fatal: (message: unknown, ...params: unknown[]) => logger.fatal?.(message, ...params),
  };
}
