import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';

import { FIELD_LIMITS, LEAD_KINDS } from '../../contract';

import { IsPhoneNumber, PHONE_PATTERNS } from './create-lead.dto';

class Required {
  @IsPhoneNumber(LEAD_KINDS.keDemo)
  phone_number: string;
}
class Optional {
  @IsPhoneNumber(LEAD_KINDS.contactUs)
  phone_number?: string;
}

const SAMPLES = [
  '+1 (555) 010-0199',
  '555.010.0199 x12',
  '0044/20 7946 0958',
  '\u00a0+44\u3000207\ufeff',
  '   ',
  '\t\n',
  '',
  'call me',
  '+1 555 ext 12',
  '５５５',
  '555\u0000',
  '555\u001c',
  'x'.repeat(FIELD_LIMITS.phone_number),
];

/** Whether the API takes the value, as the validation pipe checks it. */
async function takes(cls: new () => object, value: string): Promise<boolean> {
  const errors = await validate(plainToInstance(cls, { phone_number: value }));
  return errors.length === 0;
}

describe('a phone number (IsPhoneNumber, stated in the document as PHONE_PATTERNS)', () => {
  it.each(SAMPLES)('is taken for %j exactly when the required pattern says so', async (value) => {
    expect(await takes(Required, value)).toBe(new RegExp(PHONE_PATTERNS.required).test(value));
  });

  it.each(SAMPLES)('is taken for %j exactly when the optional pattern says so', async (value) => {
    expect(await takes(Optional, value)).toBe(new RegExp(PHONE_PATTERNS.optional).test(value));
  });

  it('takes what people type, and refuses words and blanks alone where it is required', async () => {
    expect(await takes(Required, '+1 (555) 010-0199')).toBe(true);
    expect(await takes(Required, 'call me')).toBe(false);
    expect(await takes(Required, '   ')).toBe(false);
    expect(await takes(Optional, '')).toBe(true);
  });
});
