import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { MongooseModule } from '@nestjs/mongoose';

import { AccountController } from './account.controller';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AdminRemovals } from './admin-removals';
import { AdminRepository } from './admin.repository';
import { AdminService } from './admin.service';
import { AdminsController } from './admins.controller';
import { API_KEY_MODEL, ApiKeySchema } from './api-keys/api-key.schema';
import { ApiKeyStore } from './api-keys/api-key.store';
import { ApiKeysController } from './api-keys/api-keys.controller';
import { ApiKeysService } from './api-keys/api-keys.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { LoginThrottleService } from './login-throttle.service';
import { MFA_CHALLENGE_MODEL, MfaChallengeSchema } from './mfa/mfa-challenge.schema';
import { MfaChallenges } from './mfa/mfa-challenges.store';
import { MfaService } from './mfa/mfa.service';
import { MfaController } from './mfa.controller';
import {
  PASSKEY_CHALLENGE_MODEL,
  PasskeyChallengeSchema,
} from './passkeys/passkey-challenge.schema';
import { PasskeyChallenges } from './passkeys/passkey-challenges.store';
import { PasskeyRepository } from './passkeys/passkey.repository';
import { PASSKEY_MODEL, PasskeySchema } from './passkeys/passkey.schema';
import { PasskeysController } from './passkeys/passkeys.controller';
import { PasskeysService } from './passkeys/passkeys.service';
import { RouteAccess } from './route-access';
import { Admin, AdminSchema } from './schemas/admin.schema';
import { REVOKED_TOKEN_MODEL, RevokedTokenSchema } from './schemas/revoked-token.schema';
import { SESSION_MODEL, SessionSchema } from './sessions/session.schema';
import { SessionStore } from './sessions/session.store';
import { TokenDenyList } from './token-deny-list.store';
import { TokenService } from './token.service';

@Module({
  imports: [
    DiscoveryModule,
    // Secret, algorithm, issuer and audience are passed per call by TokenService from AppConfig.
    JwtModule.register({}),
    MongooseModule.forFeature([
      { name: Admin.name, schema: AdminSchema },
      { name: REVOKED_TOKEN_MODEL, schema: RevokedTokenSchema },
      { name: SESSION_MODEL, schema: SessionSchema },
      { name: MFA_CHALLENGE_MODEL, schema: MfaChallengeSchema },
      { name: PASSKEY_MODEL, schema: PasskeySchema },
      { name: PASSKEY_CHALLENGE_MODEL, schema: PasskeyChallengeSchema },
      { name: API_KEY_MODEL, schema: ApiKeySchema },
    ]),
  ],
  controllers: [
    AuthController,
    AccountController,
    MfaController,
    PasskeysController,
    AdminsController,
    ApiKeysController,
  ],
  providers: [
    AdminRepository,
    PasskeyRepository,
    AdminService,
    AuthService,
    TokenService,
    TokenDenyList,
    LoginThrottleService,
    AdminBootstrapService,
    JwtAuthGuard,
    AdminRemovals,
    SessionStore,
    MfaService,
    MfaChallenges,
    PasskeysService,
    PasskeyChallenges,
    RouteAccess,
    ApiKeyStore,
    ApiKeysService,
  ],
  exports: [AdminService, JwtAuthGuard, AdminRemovals, RouteAccess],
})
export class AuthModule {}
