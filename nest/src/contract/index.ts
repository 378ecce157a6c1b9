// The API contract shared by the NestJS API and the Remix web app. Plain TypeScript only: no
// framework imports here (enforced by ESLint), so both sides can import it.
export * from './lead-kinds';
export * from './limits';
export * from './api';
export * from './auth';
export * from './roles';
export * from './lead-access';
export * from './admins';
export * from './api-keys';
export * from './leads';
export * from './lead-stages';
export * from './lead-intake';
export * from './intake-proof';
export * from './lead-work';
export * from './lead-follow-up';
export * from './lead-merge';
export * from './conversations';
export * from './spam';
export * from './insights';
export * from './privacy-and-audit';
export * from './text';
export * from './csv';
export * from './business-hours';
export * from './chat-alerts';
export * from './assignment';
export * from './dates';
export * from './queue';
