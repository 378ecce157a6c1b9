import { ApiProperty, type ApiPropertyOptions, getSchemaPath } from '@nestjs/swagger';

/** An admin as the contract names one (AdminRef): a lead's owner, who did what on its timeline. */
export class AdminRefDto {
  @ApiProperty({ type: String }) id: string;
  @ApiProperty({ type: String }) email: string;
}

/**
 * An AdminRef or null. OpenAPI 3.0 ignores `nullable` beside a bare `$ref`, so the reference is
 * wrapped in `allOf` (the schema is registered by the DTO above, used on the same documents).
 */
export const nullableAdminRef = (description: string): ApiPropertyOptions => ({
  // A type, or Nest's explorer takes the missing one for a circular import and refuses to start.
  type: Object,
  nullable: true,
  allOf: [{ $ref: getSchemaPath(AdminRefDto) }],
  description,
});
