import { Controller, Get, HttpCode, type INestApplication, Post, Res } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { type Response } from 'express';
import { MongoServerError } from 'mongodb';
import request from 'supertest';

import { StorageState } from '../database/storage-state';

import { AllExceptionsFilter } from './all-exceptions.filter';
import { ReadRetryInterceptor } from './read-retry.interceptor';

const lossy = () =>
  new MongoServerError({ message: 'Cannot iterate over a lossy check on order by', code: 1 });

/** Each route fails its first `failures` calls the way an engine does, then answers. */
@Controller()
class Flaky {
  calls: Record<string, number> = {};

  private failFirst(route: string, failures: number, error: () => Error): { calls: number } {
    const calls = (this.calls[route] = (this.calls[route] ?? 0) + 1);
    if (calls <= failures) throw error();
    return { calls };
  }

  @Get('once')
  once() {
    return this.failFirst('once', 1, lossy);
  }

  @Get('always')
  always() {
    return this.failFirst('always', Infinity, lossy);
  }

  @Get('other')
  other() {
    return this.failFirst('other', 1, () => new MongoServerError({ message: 'broke', code: 2 }));
  }

  /** As the downloads do: something recorded, then the answer written by the handler itself. */
  @Get('download')
  download(@Res() response: Response) {
    response.json(this.failFirst('download', 1, lossy));
  }

  @Post('write')
  @HttpCode(200)
  write() {
    return this.failFirst('write', 1, lossy);
  }
}

/** Issue 36: a read an engine failed transiently runs once more before the client sees a 503. */
describe('a read tried once more', () => {
  let app: INestApplication;
  let flaky: Flaky;
  beforeAll(async () => {
    const module = await Test.createTestingModule({
      controllers: [Flaky],
      providers: [
        { provide: APP_INTERCEPTOR, useClass: ReadRetryInterceptor },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: StorageState, useValue: { markFull: () => undefined } },
      ],
    }).compile();
    app = module.createNestApplication({ logger: false });
    await app.init();
    flaky = app.get(Flaky);
  });
  afterAll(() => app?.close());
  const http = () => request(app.getHttpServer());

  it('answers a read whose first try failed transiently, from its second', async () => {
    await http().get('/once').expect(200, { calls: 2 });
  });

  it('answers 503 when the second try fails too, after exactly two', async () => {
    const res = await http().get('/always').expect(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(flaky.calls.always).toBe(2);
  });

  it('never tries again another failure (a bug is a 500 at once)', async () => {
    await http().get('/other').expect(500);
    expect(flaky.calls.other).toBe(1);
  });

  it('never tries a write again', async () => {
    await http().post('/write').expect(503);
    expect(flaky.calls.write).toBe(1);
  });

  it('never tries again a read that writes its own answer (a download, audited first)', async () => {
    await http().get('/download').expect(503);
    expect(flaky.calls.download).toBe(1);
  });
});
