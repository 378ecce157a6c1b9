import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { MongooseModule } from '@nestjs/mongoose';

import { AccountController } from './account.controller';
import { AdminBootstrapService } from './admin-bootstrap.service';
import { AdminRemovals } from './admin-removals';
import { AdminService } from './admin.service';
import { AdminsController } from './admins.controller';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { LoginThrottleService } from './login-throttle.service';
import { Admin, AdminSchema } from './schemas/admin.schema';
import { REVOKED_TOKEN_MODEL, RevokedTokenSchema } from './schemas/revoked-token.schema';
import { TokenDenyList } from './token-deny-list.service';
import { TokenService } from './token.service';

@Module({
  imports: [
    // Secret, algorithm, issuer and audience are passed per call by TokenService from AppConfig.
    JwtModule.register({}),
    MongooseModule.forFeature([
      { name: Admin.name, schema: AdminSchema },
      { name: REVOKED_TOKEN_MODEL, schema: RevokedTokenSchema },
    ]),
  ],
  controllers: [AuthController, AccountController, AdminsController],
  providers: [
    AdminService,
    AuthService,
    TokenService,
    TokenDenyList,
    LoginThrottleService,
    AdminBootstrapService,
    JwtAuthGuard,
    AdminRemovals,
  ],
  exports: [AdminService, JwtAuthGuard, AdminRemovals],
})
export class AuthModule {}
