import { expiryProblem } from './api-key.dto';

const NOW = Date.parse('2030-06-15T12:00:00Z');

describe('an API key expiry', () => {
  it.each([
    '2030-06-15T12:00:01Z',
    '2030-06-15T14:00:01+02:00',
    '2032-02-29T00:00:00Z',
    '2031-01-01t00:00:00.123456789z',
  ])('takes %s, a date and time later than now', (value) => {
    expect(expiryProblem(value, NOW)).toBeNull();
  });

  it.each([
    ['2030-06-15T12:00:00Z', 'must be in the future'],
    ['2030-06-15T13:59:59+02:00', 'must be in the future'],
    ['2031-02-29T00:00:00Z', 'is not a real date'],
    ['2031-04-31T00:00:00Z', 'is not a real date'],
    ['2031-01-01', 'must be an ISO 8601 date and time with a zone, such as 2030-01-31T00:00:00Z'],
    [
      '2031-01-01T00:00:00',
      'must be an ISO 8601 date and time with a zone, such as 2030-01-31T00:00:00Z',
    ],
    [
      '2031-01-01T24:00:00Z',
      'must be an ISO 8601 date and time with a zone, such as 2030-01-31T00:00:00Z',
    ],
    [20310101, 'must be an ISO 8601 date and time with a zone, such as 2030-01-31T00:00:00Z'],
  ])('refuses %s: %s', (value, problem) => {
    expect(expiryProblem(value, NOW)).toBe(problem);
  });
});
