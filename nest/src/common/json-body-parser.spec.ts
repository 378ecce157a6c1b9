import { getMetadataStorage } from 'class-validator';

import { AppModule } from '../app.module';
import { EnvironmentVariables } from '../config/env.schema';

import { keyCountExceeds, MAX_BODY_KEYS } from './json-body-parser';

describe('keyCountExceeds', () => {
  it('counts the keys of every object in the body, nested or in arrays', () => {
    const wide = Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`k${i}`, i]));
    expect(keyCountExceeds(wide, 32)).toBe(true);
    expect(keyCountExceeds({ a: [{ b: 1, c: 2 }], d: { e: 3 } }, 5)).toBe(false);
    expect(keyCountExceeds({ a: [{ b: 1, c: 2 }], d: { e: 3 } }, 4)).toBe(true);
    // Array items are not keys: a list of 200 ids is one field.
    expect(keyCountExceeds({ ids: Array.from({ length: 200 }, String) }, 1)).toBe(false);
  });
});

describe('MAX_BODY_KEYS', () => {
  it('is more than any request body of ours declares, so only a body no DTO takes is refused', () => {
    expect(AppModule).toBeDefined(); // loads every controller and so every DTO's decorators
    const storage = getMetadataStorage() as unknown as {
      validationMetadatas: Map<object, { propertyName: string }[]>;
    };
    // The environment's class is validated too, but it is never a request body.
    const widths = [...storage.validationMetadatas.entries()]
      .filter(([target]) => target !== EnvironmentVariables)
      .map(([, metadatas]) => new Set(metadatas.map((m) => m.propertyName)).size);
    expect(widths.length).toBeGreaterThan(5);
    expect(Math.max(...widths)).toBeLessThan(MAX_BODY_KEYS);
  });
});
