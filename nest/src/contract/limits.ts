/** Input bounds shared by the API's DTOs and the web forms. */
export const FIELD_LIMITS = {
  name: 120,
  email: 254,
  phone_number: 40,
  subject: 200,
  message: 5000,
  company: 200,
  location: 200,
  password: 256,
  token: 4096,
} as const;

export const PASSWORD_MIN_LENGTH = 12;

export const LIST_PAGE = { defaultLimit: 50, maxLimit: 200, maxQueryLength: 200 } as const;
