import { type LoggerService } from '@nestjs/common';

import { quietStartUp } from './quiet-start-up-logger';

describe('quietStartUp', () => {
  function recording() {
    const lines: [string, unknown[]][] = [];
    const at =
      (level: string) =>
      (...args: unknown[]) =>
        lines.push([level, args]);
    const logger: LoggerService = {
      log: at('info'),
      error: at('error'),
      warn: at('warn'),
      debug: at('debug'),
      verbose: at('verbose'),
      fatal: at('fatal'),
    };
    return { lines, logger: quietStartUp(logger) };
  }

  it("moves Nest's module and route lines to debug, with their context", () => {
    const { lines, logger } = recording();
    logger.log('Mapped {/health, GET} route', 'RouterExplorer');
    logger.log('HealthController {/health}:', 'RoutesResolver');
    logger.log('AppModule dependencies initialized', 'InstanceLoader');
    expect(lines).toEqual([
      ['debug', ['Mapped {/health, GET} route', 'RouterExplorer']],
      ['debug', ['HealthController {/health}:', 'RoutesResolver']],
      ['debug', ['AppModule dependencies initialized', 'InstanceLoader']],
    ]);
  });

  it('keeps every other line at its level', () => {
    const { lines, logger } = recording();
    logger.log('API listening on http://127.0.0.1:3001', 'Bootstrap');
    logger.log('no context');
    logger.warn('Mapped {/x, GET} route', 'RouterExplorer');
    logger.error('failed', 'stack', 'RoutesResolver');
    expect(lines.map(([level]) => level)).toEqual(['info', 'info', 'warn', 'error']);
  });
});
