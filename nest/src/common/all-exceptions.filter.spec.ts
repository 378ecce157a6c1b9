import { Controller, Get, type INestApplication } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { MongoServerError } from 'mongodb';
import request from 'supertest';

import { StorageState } from '../database/storage-state';

import { AllExceptionsFilter } from './all-exceptions.filter';

/** Fails each call the way an engine does, by the text it gives. */
@Controller()
class EngineFailures {
  @Get('lossy-order')
  lossyOrder(): never {
    throw new MongoServerError({
      message: 'Cannot iterate over a lossy check on order by',
      code: 1,
    });
  }

  @Get('buffer-lock')
  bufferLock(): never {
    const cause = new MongoServerError({ message: 'lock BufferContent is not held', code: 1 });
    throw new Error('read failed', { cause });
  }

  @Get('other')
  other(): never {
    throw new MongoServerError({ message: 'something else broke', code: 2 });
  }
}

/** Issue 36: an engine's transient failure is a 503 the client may retry, never a 500. */
describe('engine failures as answers', () => {
  let app: INestApplication;
  beforeAll(async () => {
    const module = await Test.createTestingModule({
      controllers: [EngineFailures],
      providers: [
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        // The filter marks a full disk there; no failure here is one.
        { provide: StorageState, useValue: { markFull: () => undefined } },
      ],
    }).compile();
    app = module.createNestApplication({ logger: false });
    await app.init();
  });
  afterAll(() => app?.close());

  it.each(['/lossy-order', '/buffer-lock'])(
    '%s answers 503 with Retry-After and without the engine’s words',
    async (path) => {
      const res = await request(app.getHttpServer()).get(path).expect(503);
      expect(res.headers['retry-after']).toBe('1');
      expect(res.body).toMatchObject({
        success: false,
        message: expect.stringMatching(/try again/),
      });
      expect(JSON.stringify(res.body)).not.toMatch(/BufferContent|lossy/);
    },
  );

  it('leaves any other engine error a 500 (a bug to see)', async () => {
    const res = await request(app.getHttpServer()).get('/other').expect(500);
    expect(res.body).toMatchObject({ success: false, message: 'Internal server error' });
  });
});
