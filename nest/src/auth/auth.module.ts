import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { MongooseModule } from '@nestjs/mongoose';

import { AdminBootstrapService } from './admin-bootstrap.service';
import { AdminService } from './admin.service';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { JwtAuthGuard } from './jwt-auth.guard';
import { LoginThrottleService } from './login-throttle.service';
import { Admin, AdminSchema } from './schemas/admin.schema';
import { TokenService } from './token.service';

@Module({
  imports: [
    // Secret, algorithm, issuer and audience are passed per call by TokenService from AppConfig.
    JwtModule.register({}),
    MongooseModule.forFeature([{ name: Admin.name, schema: AdminSchema }]),
  ],
  controllers: [AuthController],
  providers: [
    AdminService,
    AuthService,
    TokenService,
    LoginThrottleService,
    AdminBootstrapService,
    JwtAuthGuard,
  ],
  exports: [AdminService, JwtAuthGuard],
})
export class AuthModule {}
