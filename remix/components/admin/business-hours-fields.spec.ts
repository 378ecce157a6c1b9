import {
  BH_FIELDS,
  businessHoursErrorsByField,
  businessHoursFromForm,
} from './business-hours-fields';

const formOf = (entries: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.set(name, value);
  return form;
};

describe('the business hours form', () => {
  it('posts null for every hour, and otherwise the calendar as typed, blank rows left out', () => {
    expect(businessHoursFromForm(formOf({ [BH_FIELDS.mode]: 'always' })).calendar).toBeNull();
    const posted = businessHoursFromForm(
      formOf({
        [BH_FIELDS.mode]: 'calendar',
        [BH_FIELDS.timeZone]: 'Europe/Berlin',
        [BH_FIELDS.span('mon', 0, 'from')]: '',
        [BH_FIELDS.span('mon', 0, 'to')]: '',
        [BH_FIELDS.span('mon', 1, 'from')]: ' 09:00 ',
        [BH_FIELDS.span('mon', 1, 'to')]: '17:00',
        [BH_FIELDS.span('sat', 0, 'from')]: '10:00',
        [BH_FIELDS.span('sat', 0, 'to')]: '',
        [BH_FIELDS.holidays]: '2025-12-25\n\n 2025-12-26 ',
      }),
    );
    expect(posted).toEqual({
      calendar: {
        timeZone: 'Europe/Berlin',
        weekly: { mon: [{ from: '09:00', to: '17:00' }], sat: [{ from: '10:00', to: '' }] },
        holidays: ['2025-12-25', '2025-12-26'],
      },
      // The API's `mon.0` is the form's second row.
      rows: { mon: [1], sat: [0] },
    });
  });

  it('says each refusal beside the field it is about, in sentences', () => {
    const posted = businessHoursFromForm(
      formOf({
        [BH_FIELDS.mode]: 'calendar',
        [BH_FIELDS.timeZone]: 'UTC',
        [BH_FIELDS.span('tue', 0, 'from')]: '',
        [BH_FIELDS.span('tue', 0, 'to')]: '',
        [BH_FIELDS.span('tue', 1, 'from')]: '09:00',
        [BH_FIELDS.span('tue', 1, 'to')]: '13:00',
        [BH_FIELDS.span('tue', 2, 'from')]: '12:00',
        [BH_FIELDS.span('tue', 2, 'to')]: '17:00',
        [BH_FIELDS.holidays]: '2025-12-25 2025-02-30',
      }),
    );
    expect(
      businessHoursErrorsByField(
        {
          'businessHours.weekly.tue.1': ['overlaps the span above it (which ends at 13:00)'],
          'businessHours.weekly.tue.0.to': ['to must be after from (09:00)'],
          'businessHours.holidays.1': ['a holiday must be a real date YYYY-MM-DD'],
          'businessHours.timeZone': ['unknown time zone "X"'],
          'businessHours.weekly': ['the week has no hours'],
          businessHours: ['businessHours is required'],
        },
        posted,
      ),
    ).toEqual({
      [BH_FIELDS.span('tue', 2, 'from')]: 'Overlaps the span above it (which ends at 13:00).',
      [BH_FIELDS.span('tue', 1, 'to')]: 'To must be after from (09:00).',
      [BH_FIELDS.holidays]: '2025-02-30: a holiday must be a real date YYYY-MM-DD.',
      [BH_FIELDS.timeZone]: 'Unknown time zone "X".',
      'bh-week': 'The week has no hours.',
      general: 'BusinessHours is required.',
    });
  });
});
